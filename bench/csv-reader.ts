/**
 * The project's CSV reader (`src/modules/portfolio/manual/lib/csv.ts`) against csv-parse 7 (sync API),
 * configured as close to it as its options allow: `npx tsx bench/csv-reader.ts [rows]`.
 *
 * 1. Correctness: each case is parsed by both; the table prints what each answered and the
 *    answer RFC 4180 (or, where it is silent, the reader's documented leniency) calls right.
 * 2. Speed: a brokerage-style export (default 10,000 rows, CRLF, quoted names with commas and
 *    doubled quotes, $ amounts with thousands separators) parsed alternately by both in the same
 *    run; the ratio of the medians is the figure to compare (see bench/README.md).
 */
import { parse, type Options } from 'csv-parse/sync'
import { CsvError, parseCsv } from '../src/modules/portfolio/manual/lib/csv.ts'
import { median } from './report.ts'

type Answer = string // JSON of [line, cells][] or `error@line`

function handWritten(text: string): Answer {
  try {
    return JSON.stringify(parseCsv(text).map((r) => [r.line, r.cells]))
  } catch (e) {
    if (e instanceof CsvError) return `error@${e.line}`
    throw e
  }
}

// Closest csv-parse can get: lenient quotes are all-or-nothing (relax_quotes), and `info.lines`
// is the line a record ends on, the only line number it reports.
const CSV_PARSE_OPTIONS = {
  bom: true,
  relax_quotes: true,
  relax_column_count: true,
  skip_empty_lines: true,
  skip_records_with_empty_values: true,
  record_delimiter: ['\r\n', '\n', '\r'],
  info: true,
} satisfies Options
/** What `info: true` makes of each record (the typings do not say). */
type WithInfo = { record: string[]; info: { lines: number } }

function csvParse(text: string): Answer {
  try {
    return JSON.stringify(
      (parse(text, CSV_PARSE_OPTIONS) as unknown as WithInfo[]).map((r) => [r.info.lines, r.record]),
    )
  } catch (e) {
    return `error@${(e as { lines?: number }).lines ?? '?'}`
  }
}

const longField = 'x'.repeat(1_000_000)
const CASES: { name: string; input: string; right: Answer }[] = [
  { name: 'plain, LF', input: 'a,b\n1,2', right: '[[1,["a","b"]],[2,["1","2"]]]' },
  { name: 'CRLF + trailing newline', input: 'a,b\r\n1,2\r\n', right: '[[1,["a","b"]],[2,["1","2"]]]' },
  { name: 'lone CR', input: 'a\r1\r2', right: '[[1,["a"]],[2,["1"]],[3,["2"]]]' },
  { name: 'mixed CRLF/LF/CR', input: 'a\r\nb\nc\rd', right: '[[1,["a"]],[2,["b"]],[3,["c"]],[4,["d"]]]' },
  { name: 'quoted comma', input: '"Apple, Inc.",x', right: '[[1,["Apple, Inc.","x"]]]' },
  { name: 'doubled quotes', input: '"say ""hi""",""', right: '[[1,["say \\"hi\\"",""]]]' },
  {
    name: 'quoted LF, next line no.',
    input: 'h\n"a\nb",c\nd',
    right: '[[1,["h"]],[2,["a\\nb","c"]],[4,["d"]]]',
  },
  {
    name: 'quoted CRLF+CR, line no.',
    input: 'h\r\n"x\r\ny\rz"\r\nw',
    right: '[[1,["h"]],[2,["x\\r\\ny\\rz"]],[5,["w"]]]',
  },
  { name: 'UTF-8 BOM', input: '\uFEFFsymbol,qty\nA,1', right: '[[1,["symbol","qty"]],[2,["A","1"]]]' },
  { name: 'blank lines', input: 'a\n\n\nb\n\n', right: '[[1,["a"]],[4,["b"]]]' },
  { name: 'line of commas', input: 'a,b\n,,\n1,2', right: '[[1,["a","b"]],[3,["1","2"]]]' },
  // RFC 4180: spaces are part of a field, so this is a record (csv-parse's skip option drops it).
  { name: 'line of spaces', input: 'a\n  \nb', right: '[[1,["a"]],[2,["  "]],[3,["b"]]]' },
  {
    name: 'ragged rows',
    input: 'a,b,c\n1\n1,2,3,4',
    right: '[[1,["a","b","c"]],[2,["1"]],[3,["1","2","3","4"]]]',
  },
  { name: 'spaces kept', input: ' a , b ', right: '[[1,[" a "," b "]]]' },
  { name: 'unterminated quote', input: 'a\n"open,b\nc', right: 'error@2' },
  { name: 'stray quote, unquoted', input: '5" screen,x', right: '[[1,["5\\" screen","x"]]]' },
  { name: 'text after closing quote', input: 'a\nb\n"x"y,z', right: 'error@3' },
  { name: 'space after closing quote', input: '"a" ,b', right: 'error@1' },
  { name: 'empty input / BOM only', input: '\uFEFF', right: '[]' },
  { name: '1 MB field', input: `h\n"${longField}"`, right: `[[1,["h"]],[2,["${longField}"]]]` },
]

function correctness(): { differ: number; handWrong: number; libWrong: number } {
  const out = (s: string) => process.stdout.write(`${s}\n`)
  const show = (a: Answer) => (a.length > 60 ? `${a.slice(0, 57)}…` : a).replace(/\|/g, '\\|')
  out('| case | lib/csv.ts | csv-parse | right |')
  out('| --- | --- | --- | --- |')
  let differ = 0
  let handWrong = 0
  let libWrong = 0
  for (const c of CASES) {
    const [h, l] = [handWritten(c.input), csvParse(c.input)]
    if (h !== l) differ++
    if (h !== c.right) handWrong++
    if (l !== c.right) libWrong++
    const mark = (a: Answer) => `${a === c.right ? '✓' : '✗'} \`${show(a)}\``
    out(`| ${c.name} | ${mark(h)} | ${mark(l)} | \`${show(c.right)}\` |`)
  }
  out(`\n${CASES.length} cases: ${differ} differ; wrong: lib/csv.ts ${handWrong}, csv-parse ${libWrong}\n`)
  return { differ, handWrong, libWrong }
}

/** A realized gain/loss export as brokers write it (deterministic, no randomness needed). */
export function brokerageCsv(rows: number): string {
  const lines = [
    'Symbol,Description,Qty,Date Acquired,Date Sold,Sale Proceeds,Cost Basis,Commission,Gain/Loss',
  ]
  for (let i = 0; i < rows; i++) {
    const k = (i * 7919) % 10_007
    const name = i % 3 === 0 ? `"Company ${k}, Inc."` : i % 7 === 0 ? `"The ""${k}"" Fund"` : `Co ${k}`
    const money = (n: number) => `"$${n.toLocaleString('en-US', { minimumFractionDigits: 2 })}"`
    const proceeds = 1000 + k / 7
    const gain = k % 2 ? `(${(k / 13).toFixed(2)})` : (k / 11).toFixed(2)
    lines.push(
      `S${k % 500},${name},${1 + (k % 90)},2023-01-${10 + (k % 19)},2024-06-${10 + (k % 19)},${money(proceeds)},${money(proceeds - 12.5)},$4.95,${gain}`,
    )
  }
  return `${lines.join('\r\n')}\r\n`
}

function speed(rows: number): void {
  const text = brokerageCsv(rows)
  const parsers = {
    'lib/csv.ts': () => parseCsv(text).length,
    'csv-parse': () => parse(text, CSV_PARSE_OPTIONS).length,
  }
  const times: Record<string, number[]> = { 'lib/csv.ts': [], 'csv-parse': [] }
  for (let round = 0; round < 23; round++) {
    for (const [name, run] of Object.entries(parsers)) {
      const t = performance.now()
      if (run() !== rows + 1) throw new Error(`${name} read the wrong number of records`)
      // The first 3 rounds warm the JIT and are not counted.
      if (round >= 3) times[name]!.push(performance.now() - t)
    }
  }
  const [own, lib] = [median(times['lib/csv.ts']!), median(times['csv-parse']!)]
  const mb = (text.length / 1e6).toFixed(2)
  process.stdout.write(`| parser | median ms (${rows} rows, ${mb} MB, 20 runs) | rows/s | ÷ lib/csv.ts |\n`)
  process.stdout.write('| --- | ---: | ---: | ---: |\n')
  for (const [name, ms] of [
    ['lib/csv.ts', own],
    ['csv-parse', lib],
  ] as const) {
    const perSec = Math.round((rows / ms) * 1000).toLocaleString('en-US')
    process.stdout.write(`| ${name} | ${ms.toFixed(1)} | ${perSec} | ${(ms / own).toFixed(2)} |\n`)
  }
}

correctness()
speed(Number(process.argv[2] ?? 10_000))
