/**
 * One row of an activities CSV read into a draft (the cells' formats), then checked by the same
 * rules as the JSON endpoints (validate.ts), each issue reported at its row and column. Also the
 * columns the file may have, and the keys that tell a duplicate.
 */
import { createHash } from 'node:crypto'
import type { ImportColumn } from '../../manual/import.schemas.ts'
import type { RecordReader } from '../../manual/lib/csv.ts'
import { ACTIVITY_TYPES, type ActivityType } from '../../portfolio.tables.ts'
import { plainDecimal, validateActivity, type ValidActivity } from './validate.ts'

const column = (field: string, required: boolean, ...aliases: string[]): ImportColumn => ({
  field,
  aliases,
  required,
})

/** The columns read; the last four are what an export adds, accepted and not used. */
export const ACTIVITY_COLUMNS: readonly ImportColumn[] = [
  column('date', true, 'activity_date', 'trade date'),
  column('type', true, 'activity type'),
  column('symbol', false, 'ticker'),
  column('quantity', false, 'qty', 'shares'),
  column('price', false, 'unit price'),
  column('amount', false),
  column('fee', false, 'fees', 'commission'),
  column('currency', false),
  column('note', false, 'comment'),
  column('account_id', false),
  column('source_id', false),
  column('activity_id', false),
  column('account_name', false),
  column('source', false),
  column('cash_effect', false),
]

export interface ImportRow {
  line: number
  accountId: number | null
  row: ValidActivity
  note: string | null
  sourceId: string | null
}

const SYMBOL = /^[A-Za-z0-9.\-^]{1,16}$/

function readNumber(r: RecordReader, field: string, min: number): string | null {
  const v = r.number(field, { min, max: 1e13, money: true, optional: true })
  if (v === undefined) return null
  return plainDecimal(v) ?? (r.fail(field, 'is not a number', 'number'), null)
}

function readAccount(r: RecordReader): number | null {
  const cell = r.cell('account_id')
  if (cell === '') return null
  if (!/^[1-9][0-9]{0,15}$/.test(cell))
    return (r.fail('account_id', 'must be a positive integer', 'pattern'), null)
  return Number(cell)
}

function readText(r: RecordReader, field: string, max: number): string | null {
  const v = r.cell(field)
  if (v === '') return null
  return v.length > max ? (r.fail(field, `must be at most ${max} characters`, 'length'), null) : v
}

/** The row, or null when it has issues (they are on the reader). */
export function readActivity(
  r: RecordReader,
  today: string,
  currencyOf: (id: number | null) => string | null,
) {
  const date = r.date('date')
  const typeCell = r
    .required('type')
    ?.toUpperCase()
    .replace(/[\s-]+/g, '_')
  const type = ACTIVITY_TYPES.find((t) => t === typeCell)
  if (typeCell !== undefined && !type) r.fail('type', `must be one of ${ACTIVITY_TYPES.join(', ')}`, 'enum')
  const symbolCell = r.cell('symbol')
  if (symbolCell !== '' && !SYMBOL.test(symbolCell))
    r.fail('symbol', 'must be 1–16 letters, digits, ".", "-" or "^"', 'pattern')
  const accountId = readAccount(r)
  const draft = {
    type: type as ActivityType,
    date: date ?? '',
    symbol: symbolCell === '' ? null : symbolCell.toUpperCase(),
    quantity: readNumber(r, 'quantity', 0),
    price: readNumber(r, 'price', 0),
    amount: readNumber(r, 'amount', -1e13),
    fee: readNumber(r, 'fee', -1e13),
    currency: r.cell('currency').toUpperCase() || (currencyOf(accountId) ?? 'USD'),
  }
  const note = readText(r, 'note', 500)
  const sourceId = readText(r, 'source_id', 200)
  if (r.issues.length || !type || !date) return null
  const { issues, row } = validateActivity(draft, today)
  for (const i of issues) r.fail(i.field, i.msg, i.type)
  return row ? { line: r.record.line, accountId, row, note, sourceId } : null
}

/** The fields that make two activities the same, at the columns' scales. */
export function naturalKey(a: {
  activity_date: string
  type: string
  symbol: string | null
  quantity: string | null
  amount: string
  fee: string
  currency: string
}): string {
  const d = (x: string | null) => (x === null ? null : plainDecimal(x))
  return JSON.stringify([a.activity_date, a.type, a.symbol, d(a.quantity), d(a.amount), d(a.fee), a.currency])
}

/** A stable id of a row without one: the hash of what it says, so importing it again finds it. */
export const contentId = (r: ImportRow): string =>
  `sha256:${createHash('sha256')
    .update(
      JSON.stringify([naturalKey(r.row), r.row.price === null ? null : plainDecimal(r.row.price), r.note]),
    )
    .digest('hex')
    .slice(0, 40)}`
