// Property tests of parseCsv (fast-check, fixed seeds so CI sees the same cases every run).
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { parse } from 'csv-parse/sync'
import fc from 'fast-check'
import { CsvError, parseCsv } from './csv.ts'

// Cells built from the characters that matter to CSV, plus ordinary text.
const cell = fc
  .array(fc.constantFrom('a', 'Z', '7', ' ', ',', '"', '""', '\n', '\r', '\r\n', '$', 'é', '\uFEFF'), {
    maxLength: 8,
  })
  .map((parts) => parts.join(''))
const rows = fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { maxLength: 12 })
const lineBreak = fc.constantFrom('\n', '\r\n', '\r')

/** RFC 4180 writing: quote a field holding a quote, comma or line break (or, when asked, any). */
const field = (c: string, always: boolean) =>
  always || /[",\r\n]/.test(c) || c.startsWith('\uFEFF') ? `"${c.replace(/"/g, '""')}"` : c

const breaks = (s: string) => s.match(/\r\n|\r|\n/g)?.length ?? 0

describe('parseCsv properties', () => {
  it('reads back what an RFC 4180 writer wrote, on the line each record starts', () => {
    fc.assert(
      fc.property(rows, lineBreak, fc.boolean(), fc.boolean(), (rs, eol, always, trailing) => {
        const texts = rs.map((r) => r.map((c) => field(c, always)).join(','))
        const text = texts.join(eol) + (trailing ? eol : '')
        let line = 1
        const want = rs.flatMap((cells, i) => {
          const start = line
          line += breaks(texts[i]!) + 1
          return cells.some((c) => c !== '') ? [{ line: start, cells }] : []
        })
        assert.deepEqual(parseCsv(text), want)
      }),
      { seed: 10_18, numRuns: 400 },
    )
  })

  it("agrees with csv-parse's records, less the blank ones, on well-formed input", () => {
    fc.assert(
      fc.property(rows, lineBreak, (rs, eol) => {
        const text = rs.map((r) => r.map((c) => field(c, false)).join(',')).join(eol)
        // Blank = every field empty (csv-parse's own skip option also drops fields of spaces).
        const reference = parse(text, { relax_column_count: true, record_delimiter: eol }).filter(
          (r: string[]) => r.some((c) => c !== ''),
        )
        assert.deepEqual(
          parseCsv(text).map((r) => r.cells),
          reference,
        )
      }),
      { seed: 10_18, numRuns: 400 },
    )
  })

  it('on any text either returns records on increasing lines or throws a CsvError', () => {
    const anyText = fc
      .array(fc.constantFrom('a', ',', '"', '\n', '\r', ' ', '\uFEFF'), { maxLength: 40 })
      .map((p) => p.join(''))
    fc.assert(
      fc.property(anyText, (text) => {
        try {
          const lines = parseCsv(text).map((r) => r.line)
          assert.ok(lines.every((l, i) => l >= 1 && (i === 0 || l > lines[i - 1]!)))
          assert.ok(lines.every((l) => l <= breaks(text) + 1))
        } catch (e) {
          assert.ok(e instanceof CsvError, String(e))
          assert.ok(e.line >= 1 && e.line <= breaks(text) + 1)
        }
      }),
      { seed: 10_18, numRuns: 1000 },
    )
  })
})
