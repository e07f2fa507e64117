import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { CsvError, csvNumber, mapColumns, parseCsv, RecordReader } from './csv.ts'

const cells = (text: string) => parseCsv(text).map((r) => r.cells)
const lines = (text: string) => parseCsv(text).map((r) => r.line)

describe('parseCsv', () => {
  it('splits plain fields and records on LF, CRLF and lone CR', () => {
    assert.deepEqual(cells('a,b,c\n1,2,3'), [
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ])
    assert.deepEqual(cells('a,b\r\n1,2\r\n'), [
      ['a', 'b'],
      ['1', '2'],
    ])
    assert.deepEqual(cells('a\r1\r2'), [['a'], ['1'], ['2']])
  })

  it('keeps empty fields, including a trailing one, and does not trim', () => {
    assert.deepEqual(cells('a,,c,\n'), [['a', '', 'c', '']])
    assert.deepEqual(cells(' a , b '), [[' a ', ' b ']])
  })

  it('reads quoted fields with commas, line breaks and escaped quotes', () => {
    assert.deepEqual(cells('"Apple, Inc.","say ""hi""",""\n'), [['Apple, Inc.', 'say "hi"', '']])
    assert.deepEqual(cells('"two\r\nlines",x'), [['two\r\nlines', 'x']])
    assert.deepEqual(cells('""""'), [['"']])
  })

  it('numbers records by the physical line they start on', () => {
    assert.deepEqual(lines('h1,h2\n"a\nb",c\nd,e\n'), [1, 2, 4])
    // CRLF and a lone CR inside quotes each count as one line break.
    assert.deepEqual(lines('h\r\n"x\r\ny\rz"\r\nw'), [1, 2, 5])
  })

  it('strips a UTF-8 BOM and drops blank records (trailing lines, lines of commas)', () => {
    assert.deepEqual(cells('\uFEFFsymbol,qty\nAAPL,1\n\n,,\r\n\r\n'), [
      ['symbol', 'qty'],
      ['AAPL', '1'],
    ])
    assert.deepEqual(lines('a\n\nb\n'), [1, 3])
    assert.deepEqual(cells(''), [])
    assert.deepEqual(cells('\uFEFF'), [])
    assert.deepEqual(cells('\n\n'), [])
  })

  it('keeps a quote inside an unquoted field literally', () => {
    assert.deepEqual(cells('5" screen,x'), [['5" screen', 'x']])
  })

  it('rejects an unterminated quote or text after a closing quote, naming the line', () => {
    assert.throws(
      () => parseCsv('a\n"open,b\nc'),
      (e: unknown) => e instanceof CsvError && e.kind === 'malformed' && e.line === 2,
    )
    assert.throws(
      () => parseCsv('a\nb\n"x"y,z'),
      (e: unknown) => e instanceof CsvError && e.kind === 'malformed' && e.line === 3,
    )
  })

  it('stops past maxRecords (blank records do not count)', () => {
    assert.equal(parseCsv('h\n1\n2\n\n', { maxRecords: 3 }).length, 3)
    assert.throws(
      () => parseCsv('h\n1\n2\n3', { maxRecords: 3 }),
      (e: unknown) => e instanceof CsvError && e.kind === 'too_many_records' && e.line === 4,
    )
  })
})

describe('mapColumns', () => {
  const specs = [
    { field: 'cost_basis', aliases: ['cost basis', 'cost'] },
    { field: 'symbol', aliases: ['ticker'] },
  ]

  it('matches names and aliases ignoring case, blanks and underscores; reports the rest', () => {
    const m = mapColumns([' Ticker ', 'Description', 'COST  BASIS', ''], specs)
    assert.deepEqual(Object.fromEntries(m.columns), {
      symbol: { index: 0, header: 'Ticker' },
      cost_basis: { index: 2, header: 'COST  BASIS' },
    })
    assert.deepEqual(m.ignored, ['Description'])
    assert.equal(m.duplicate, undefined)
    assert.equal(mapColumns(['Cost_Basis'], specs).columns.get('cost_basis')?.index, 0)
  })

  it('reports a field named twice', () => {
    const m = mapColumns(['cost', 'symbol', 'Cost Basis'], specs)
    assert.deepEqual(m.duplicate, { field: 'cost_basis', headers: ['cost', 'Cost Basis'] })
  })
})

describe('csvNumber', () => {
  it('normalizes $, thousands separators, signs and parentheses', () => {
    const cases: [string, string][] = [
      ['1234.56', '1234.56'],
      ['$1,234.56', '1234.56'],
      [' $ 1,234,567.5 ', '1234567.5'],
      ['(1,234.50)', '-1234.50'],
      ['($12.00)', '-12.00'],
      ['-$3', '-3'],
      ['$-3', '-3'],
      ['+7', '7'],
      ['.5', '.5'],
      ['0', '0'],
    ]
    for (const [raw, want] of cases) assert.equal(csvNumber(raw, true), want, raw)
  })

  it('rejects what is not a number, and $ outside money cells', () => {
    for (const raw of [
      '',
      '$',
      '-',
      '()',
      '1,23',
      '12,3456',
      '(1',
      '1)',
      '(-1)',
      '--1',
      '+-1',
      '1e3',
      'abc',
      '1.2.3',
    ])
      assert.equal(csvNumber(raw, true), null, raw)
    assert.equal(csvNumber('$5', false), null)
    assert.equal(csvNumber('(5)', false), '-5')
    assert.equal(csvNumber('1,200', false), '1200')
  })
})

describe('RecordReader', () => {
  const { columns } = mapColumns(
    ['Qty', 'Date', 'Name'],
    [
      { field: 'quantity', aliases: ['qty'] },
      { field: 'as_of', aliases: ['date'] },
      { field: 'name', aliases: [] },
    ],
  )
  const reader = (...cells: string[]) => new RecordReader(columns, { line: 7, cells })

  it('reads trimmed cells by field; a missing cell or column is empty', () => {
    const r = reader(' 5 ')
    assert.equal(r.cell('quantity'), '5')
    assert.equal(r.cell('as_of'), '')
    assert.equal(r.cell('nope'), '')
    assert.equal(r.number('quantity', { min: 0, max: 10 }), '5')
    assert.equal(r.date('as_of', true), undefined)
    assert.deepEqual(r.issues, [])
  })

  it('collects every problem of the row with its line and the header as written', () => {
    const r = reader('0', '2024-02-30', 'a b')
    assert.equal(r.number('quantity', { min: 0, exclusiveMin: true, max: 10 }), undefined)
    assert.equal(r.date('as_of'), undefined)
    assert.equal(r.matching('name', /^\w+$/, 'must be one word'), undefined)
    assert.deepEqual(
      r.issues.map((i) => [i.line, i.column, i.type]),
      [
        [7, 'Qty', 'range'],
        [7, 'Date', 'date'],
        [7, 'Name', 'pattern'],
      ],
    )
    const empty = reader('', '', '')
    assert.equal(empty.required('name'), undefined)
    assert.equal(empty.number('quantity', { min: 0, max: 1, optional: true }), undefined)
    assert.deepEqual(
      empty.issues.map((i) => [i.column, i.msg]),
      [['Name', 'name is required']],
    )
    assert.equal(reader('x').number('quantity', { min: 0, max: 1 }), undefined)
  })
})
