/**
 * A small RFC 4180 reader: comma-separated fields, double-quoted fields (which may hold commas,
 * line breaks and "" for a quote), CRLF, LF or lone CR line breaks, an optional UTF-8 BOM. Lenient
 * where spreadsheets are sloppy: a quote inside an unquoted field is kept literally, and blank
 * records (every field empty, e.g. trailing lines or `,,,`) are dropped. Fields are not trimmed.
 * Also: header-to-field mapping with aliases, and cell readers for spreadsheet-style values.
 * Kept over csv-parse (3–5× slower, and wrong for us on line numbers and quotes): ADR 0018.
 */
import { readDate, type DateFormat } from './csv-dates.ts'

export interface CsvRecord {
  /** 1-based physical line where the record starts (a quoted line break moves later records down). */
  line: number
  cells: string[]
}

export class CsvError extends Error {
  constructor(
    readonly kind: 'malformed' | 'too_many_records',
    readonly line: number,
    message: string,
  ) {
    super(message)
    this.name = 'CsvError'
  }
}

const lineBreaks = (s: string) => s.match(/\r\n|\r|\n/g)?.length ?? 0

/** All non-blank records; throws CsvError on an unterminated or stray quote, or past maxRecords. */
export function parseCsv(input: string, opts: { maxRecords?: number } = {}): CsvRecord[] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input
  const max = opts.maxRecords ?? Infinity
  const records: CsvRecord[] = []
  let cells: string[] = []
  let line = 1
  let recordLine = 1
  let i = 0
  for (;;) {
    // At the start of a field.
    if (text[i] === '"') {
      let value = ''
      let j = i + 1
      for (;;) {
        const q = text.indexOf('"', j)
        if (q === -1)
          throw new CsvError('malformed', recordLine, `line ${recordLine}: unterminated quoted field`)
        value += text.slice(j, q)
        if (text[q + 1] !== '"') {
          line += lineBreaks(text.slice(i, q))
          i = q + 1
          break
        }
        value += '"'
        j = q + 2
      }
      cells.push(value)
    } else {
      let j = i
      while (j < text.length && text[j] !== ',' && text[j] !== '\n' && text[j] !== '\r') j++
      cells.push(text.slice(i, j))
      i = j
    }
    const c = text[i]
    if (c === ',') {
      i++
      continue
    }
    if (c !== undefined && c !== '\n' && c !== '\r') {
      throw new CsvError('malformed', line, `line ${line}: a closing quote must end its field`)
    }
    if (cells.some((cell) => cell !== '')) {
      if (records.length >= max) {
        throw new CsvError('too_many_records', recordLine, `more than ${max} records`)
      }
      records.push({ line: recordLine, cells })
    }
    if (c === undefined) return records
    i += c === '\r' && text[i + 1] === '\n' ? 2 : 1
    cells = []
    line++
    recordLine = line
  }
}

const norm = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ')

export interface ColumnSpec {
  field: string
  aliases: readonly string[]
}

export interface ColumnMapping {
  /** field → its cell index and its header as written (trimmed). */
  columns: Map<string, { index: number; header: string }>
  /** Headers naming no field, as written. */
  ignored: string[]
  /** A field named by two headers (the first pair found). */
  duplicate?: { field: string; headers: [string, string] }
}

/** Matches header cells to fields by name or alias, ignoring case, blanks and underscores. */
export function mapColumns(header: readonly string[], specs: readonly ColumnSpec[]): ColumnMapping {
  const mapping: ColumnMapping = { columns: new Map(), ignored: [] }
  header.forEach((raw, index) => {
    const name = raw.trim()
    const spec = specs.find((s) => [s.field, ...s.aliases].some((a) => norm(a) === norm(name)))
    const seen = spec && mapping.columns.get(spec.field)
    if (!spec) {
      if (name !== '') mapping.ignored.push(name)
    } else if (seen) {
      mapping.duplicate ??= { field: spec.field, headers: [seen.header, name] }
    } else {
      mapping.columns.set(spec.field, { index, header: name })
    }
  })
  return mapping
}

// Optional parentheses (negative), sign, $, then digits with optional thousands separators.
const NUMBER = /^(\()?([-+])?(\$)?([-+])?(\d{1,3}(?:,\d{3})+(?:\.\d*)?|\d*(?:\.\d*)?)(\))?$/

/**
 * A number cell as spreadsheets export it, as a plain decimal string: "$1,234.50" → "1234.50",
 * "(12.00)" → "-12.00", "-$3" → "-3". `$` only when `money`. Null when it is not a number.
 */
export function csvNumber(raw: string, money: boolean): string | null {
  const m = NUMBER.exec(raw.replace(/\s/g, ''))
  if (!m) return null
  const [, open, sign1, dollar, sign2, digits = '', close] = m
  const sign = sign1 ?? sign2
  if (Boolean(open) !== Boolean(close) || (sign1 && sign2) || (dollar && !money)) return null
  if (!/\d/.test(digits) || (open && sign)) return null
  return `${open || sign === '-' ? '-' : ''}${digits.replace(/,/g, '')}`
}

/** One problem of a cell: where (line, header as written), what, and which rule. */
export interface CellIssue {
  line: number
  column: string
  msg: string
  type: string
}

export interface NumberRule {
  min: number
  max: number
  exclusiveMin?: boolean
  /** Allows a `$`. */
  money?: boolean
  optional?: boolean
}

/**
 * Reads one record's cells by field name (trimmed; a missing cell is empty), collecting every
 * problem of the row rather than stopping at the first. A reader returns undefined for a problem
 * or an empty optional cell; `issues` tells them apart.
 */
export class RecordReader {
  readonly issues: CellIssue[] = []
  constructor(
    private readonly columns: ColumnMapping['columns'],
    readonly record: CsvRecord,
    private readonly dateFormat: DateFormat = 'iso',
  ) {}

  /** The cell as YYYY-MM-DD when it is a date in the file's format, else null. */
  asDate(text: string): string | null {
    return readDate(text, this.dateFormat)
  }

  /** How dates may be written, for messages. */
  get dateForms(): string {
    if (this.dateFormat === 'iso') return 'YYYY-MM-DD'
    return this.dateFormat === 'dmy' ? 'YYYY-MM-DD or DD/MM/YYYY' : 'YYYY-MM-DD or MM/DD/YYYY'
  }

  cell(field: string): string {
    const c = this.columns.get(field)
    return c ? (this.record.cells[c.index] ?? '').trim() : ''
  }

  fail(field: string, msg: string, type: string): undefined {
    const column = this.columns.get(field)?.header ?? field
    this.issues.push({ line: this.record.line, column, msg: `${field} ${msg}`, type })
    return undefined
  }

  required(field: string): string | undefined {
    const v = this.cell(field)
    return v === '' ? this.fail(field, 'is required', 'required') : v
  }

  matching(field: string, pattern: RegExp, msg: string): string | undefined {
    const v = this.required(field)
    return v === undefined || pattern.test(v) ? v : this.fail(field, msg, 'pattern')
  }

  /** A plain decimal string (see csvNumber) within the rule's bounds. */
  number(field: string, rule: NumberRule): string | undefined {
    const raw = rule.optional ? this.cell(field) : this.required(field)
    if (raw === undefined || raw === '') return undefined
    const v = csvNumber(raw, rule.money ?? false)
    if (v === null) return this.fail(field, `is not a number: "${raw}"`, 'number')
    const n = Number(v)
    if ((rule.exclusiveMin ? n <= rule.min : n < rule.min) || n > rule.max) {
      const low = rule.exclusiveMin ? `greater than ${rule.min}` : `at least ${rule.min}`
      return this.fail(field, `must be ${low} and at most ${rule.max}`, 'range')
    }
    return v
  }

  /** A real calendar date in the file's date format, as YYYY-MM-DD. */
  date(field: string, optional = false): string | undefined {
    const v = optional ? this.cell(field) : this.required(field)
    if (v === undefined || v === '') return undefined
    return this.asDate(v) ?? this.fail(field, `must be a real date written ${this.dateForms}`, 'date')
  }
}
