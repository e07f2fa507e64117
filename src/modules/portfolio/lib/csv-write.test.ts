import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { parseCsv } from '../manual/lib/csv.ts'
import { csvField, csvRecord, toCsv } from './csv-write.ts'

describe('csv writer (RFC 4180)', () => {
  it('quotes only fields holding a comma, a quote, CR, LF or edge blanks, doubling quotes', () => {
    assert.equal(csvField('plain'), 'plain')
    assert.equal(csvField('a,b'), '"a,b"')
    assert.equal(csvField('say "hi"'), '"say ""hi"""')
    assert.equal(csvField('two\nlines'), '"two\nlines"')
    assert.equal(csvField('cr\rhere'), '"cr\rhere"')
    // The reader trims unquoted fields: quoting keeps the blanks.
    assert.equal(csvField(' padded '), '" padded "')
    assert.equal(csvField('in side'), 'in side')
    assert.equal(csvField(''), '')
    assert.equal(csvField(null), '')
    assert.equal(csvField(undefined), '')
  })

  it('writes numbers in plain decimal form and booleans as words', () => {
    assert.equal(csvField(1234.5), '1234.5')
    assert.equal(csvField(-0.01), '-0.01')
    assert.equal(csvField(1e-7), '0.0000001')
    assert.equal(csvField(1e21), '1000000000000000000000')
    assert.equal(csvField(-1.25e-8), '-0.0000000125')
    assert.equal(csvField(1.5e22), '15000000000000000000000')
    assert.equal(csvField(true), 'true')
    assert.throws(() => csvField(Number.NaN), RangeError)
  })

  it('ends every record with CRLF, the last one too, header first', () => {
    const csv = toCsv(
      [
        { header: 'symbol', cell: (r: { s: string; q: number }) => r.s },
        { header: 'qty', cell: (r) => r.q },
      ],
      [
        { s: 'AAPL', q: 10 },
        { s: 'BRK.B', q: 2.5 },
      ],
    )
    assert.equal(csv, 'symbol,qty\r\nAAPL,10\r\nBRK.B,2.5\r\n')
    assert.equal(csvRecord([]), '\r\n')
  })

  it('round-trips through the repository reader, awkward cells included', () => {
    const rows = [
      ['name', 'note'],
      ['Acme, Inc.', 'he said "sell"'],
      ['multi\r\nline', ',,'],
      ['"', 'x'],
    ]
    const csv = rows.map(csvRecord).join('')
    assert.deepEqual(
      parseCsv(csv).map((r) => r.cells),
      rows,
    )
  })
})
