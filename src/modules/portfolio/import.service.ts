/**
 * CSV import of manual closed trades and holdings. All or nothing: any bad row answers 422 and
 * writes nothing. Rows already stored (live) or repeated in the file are skipped, so importing the
 * same file twice imports nothing the second time. Row rules mirror manual.schemas.ts and
 * ManualService (the JSON endpoints); keep them in step.
 */
import type { RequestScope } from '../../platform/auth/scope.ts'
import type { Clock } from '../../platform/clock.ts'
import type { Scopes, TenantScope } from '../../platform/db/tenant-scope.ts'
import { UnprocessableError, type FieldError } from '../../platform/http/errors.ts'
import { nyDate } from '../../platform/market-calendar.ts'
import { accountNotFound } from './accounts.service.ts'
import { IMPORT_COLUMNS, type ImportKind, type ImportResult } from './import.schemas.ts'
import {
  CsvError,
  mapColumns,
  parseCsv,
  RecordReader,
  type ColumnMapping,
  type CsvRecord,
} from './lib/csv.ts'
import { holdingTerm, parseTradeDate } from './lib/dates.ts'
import { centsToString, gainLoss, roundDiv, toCents } from './lib/money.ts'
import * as repo from './manual.repository.ts'

export const MAX_ROWS = 20_000
const MAX_REPORTED_ERRORS = 100
const INSERT_CHUNK = 1000

type ColumnMap = ColumnMapping['columns']

const fail = (code: string, detail: string, errors: FieldError[], extra?: Record<string, unknown>) =>
  new UnprocessableError(code, detail, errors, extra ? { extra } : undefined)

function mapHeader(kind: ImportKind, header: CsvRecord): { columns: ColumnMap; ignored: string[] } {
  const { columns, ignored, duplicate } = mapColumns(header.cells, IMPORT_COLUMNS[kind])
  if (duplicate) {
    const msg = `"${duplicate.headers[0]}" and "${duplicate.headers[1]}" both name ${duplicate.field}`
    const loc = ['body', 1, duplicate.headers[1]]
    throw fail('import.duplicate_column', msg, [{ loc, msg, type: 'duplicate' }])
  }
  const missing = IMPORT_COLUMNS[kind].filter((c) => c.required && !columns.has(c.field))
  if (missing.length) {
    const errors = missing.map((c) => ({
      loc: ['body', 1, c.field],
      msg: `required column missing (accepted headers: ${[c.field, ...c.aliases].join(', ')})`,
      type: 'required',
    }))
    throw fail('import.missing_columns', `Missing columns: ${missing.map((c) => c.field).join(', ')}`, errors)
  }
  return { columns, ignored }
}

/** The decimal rounded half away from zero to `scale` places, as PostgreSQL numeric stores it. */
function fixed(decimal: string, scale: number): string {
  const m = /^(-)?(\d*)(?:\.(\d*))?$/.exec(decimal.trim())
  if (!m) throw new RangeError(`not a decimal: ${decimal}`)
  const [, neg, int = '', frac = ''] = m
  const units = BigInt(int + frac || '0')
  const scaled =
    frac.length <= scale
      ? units * 10n ** BigInt(scale - frac.length)
      : roundDiv(units, 10n ** BigInt(frac.length - scale))
  const digits = scaled.toString().padStart(scale + 1, '0')
  return `${neg && scaled !== 0n ? '-' : ''}${digits.slice(0, -scale)}.${digits.slice(-scale)}`
}

const MONEY = { min: 0, max: 1e13, money: true }
const SYMBOL = /^[A-Za-z0-9.\-^]{1,16}$/ // as manual.schemas.ts
const readSymbol = (r: RecordReader) =>
  r.matching('symbol', SYMBOL, 'must be 1–16 letters, digits, ".", "-" or "^"')?.toUpperCase()

// Numerics stay decimal strings, written exactly.
type Trade = Omit<repo.TradeValues, Numerics> & Record<Numerics, string>
type Numerics = 'quantity' | 'proceeds' | 'cost_basis' | 'fees'
type Holding = { account_id: number; symbol: string; quantity: string; cost_basis: string; as_of: string }

function readTrade(r: RecordReader, accountId: number): Trade | undefined {
  const symbol = readSymbol(r)
  const quantity = r.number('quantity', { min: 0, exclusiveMin: true, max: 1e12 })
  const acquiredCell = r.required('date_acquired')
  let acquired: string | undefined
  if (acquiredCell !== undefined) {
    acquired = /^various$/i.test(acquiredCell) ? 'VARIOUS' : (parseTradeDate(acquiredCell) ?? undefined)
    if (acquired === undefined)
      r.fail('date_acquired', 'must be a real date written YYYY-MM-DD or VARIOUS', 'date')
  }
  let sold = r.required('date_sold')
  if (sold !== undefined && sold.length > 40)
    sold = r.fail('date_sold', 'must be at most 40 characters', 'length')
  const proceeds = r.number('proceeds', MONEY)
  const cost = r.number('cost_basis', MONEY)
  const fees = r.number('fees', { ...MONEY, optional: true }) ?? '0'
  const gl = r.number('gain_loss', { min: -1e13, max: 1e13, money: true, optional: true })
  if (r.issues.length || !symbol || !quantity || !acquired || !sold || !proceeds || !cost) return undefined
  const soldOn = parseTradeDate(sold)
  return {
    account_id: accountId,
    symbol,
    quantity: fixed(quantity, 8),
    date_acquired: acquired,
    date_sold: sold,
    sold_on: soldOn,
    proceeds: fixed(proceeds, 4),
    cost_basis: fixed(cost, 4),
    fees: fixed(fees, 4),
    gain_loss: centsToString(gl !== undefined ? toCents(gl) : gainLoss(proceeds, cost, fees)),
    term: soldOn && acquired !== 'VARIOUS' ? holdingTerm(acquired, soldOn) : 'unknown',
  }
}

function readHolding(r: RecordReader, accountId: number, today: string): Holding | undefined {
  const symbol = readSymbol(r)
  const quantity = r.number('quantity', { min: -1e12, max: 1e12 })
  const cost = r.number('cost_basis', MONEY)
  const asOf = r.date('as_of', true) ?? today
  if (r.issues.length || !symbol || !quantity || !cost) return undefined
  return {
    account_id: accountId,
    symbol,
    quantity: fixed(quantity, 8),
    cost_basis: fixed(cost, 4),
    as_of: asOf,
  }
}

// Natural keys, over stored values and file rows alike (numerics at their column's scale).
type TradeKey = Pick<Trade, 'symbol' | 'quantity' | 'date_acquired' | 'date_sold' | 'proceeds' | 'cost_basis'>
const tradeKey = (t: TradeKey) =>
  JSON.stringify([
    t.symbol,
    fixed(t.quantity, 8),
    t.date_acquired,
    t.date_sold,
    fixed(t.proceeds, 4),
    fixed(t.cost_basis, 4),
  ])
const holdingKey = (h: { symbol: string; as_of: string }) => JSON.stringify([h.symbol, h.as_of])

function readCsv(body: string): { header: CsvRecord; records: CsvRecord[] } {
  let all: CsvRecord[]
  try {
    all = parseCsv(body, { maxRecords: MAX_ROWS + 1 })
  } catch (e) {
    if (!(e instanceof CsvError)) throw e
    if (e.kind === 'too_many_records') {
      const msg = `more than ${MAX_ROWS} data rows; split the file`
      throw fail('import.too_many_rows', msg, [{ loc: ['body'], msg, type: 'max_rows' }])
    }
    throw fail('import.malformed_csv', e.message, [{ loc: ['body', e.line], msg: e.message, type: 'csv' }])
  }
  const [header, ...records] = all
  if (!header) {
    const msg = 'the file is empty; expected a header line'
    throw fail('import.empty', msg, [{ loc: ['body'], msg, type: 'required' }])
  }
  return { header, records }
}

/** The caller's manual account, locked for a real import so concurrent imports into it serialize. */
async function manualAccount(s: TenantScope, accountId: number, lock: boolean): Promise<void> {
  const q = s.db
    .selectFrom('broker_account')
    .select('broker_type')
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', accountId)
  const account = await (lock ? q.forUpdate() : q).executeTakeFirst()
  if (!account) throw accountNotFound()
  if (account.broker_type !== 'manual') {
    const msg = 'is not a manual account; broker accounts sync from the broker'
    throw fail('validation.failed', `account_id: ${msg}`, [
      { loc: ['query', 'account_id'], msg, type: 'not_manual' },
    ])
  }
}

/** Rows whose key is neither stored nor earlier in the file (the first occurrence wins). */
function unseen<T>(rows: T[], stored: string[], key: (row: T) => string): T[] {
  const seen = new Set(stored)
  return rows.filter((row) => {
    const k = key(row)
    if (seen.has(k)) return false
    seen.add(k)
    return true
  })
}

const defined = <T>(xs: (T | undefined)[]): T[] => xs.filter((x): x is T => x !== undefined)

async function importTrades(s: TenantScope, accountId: number, rows: Trade[], dryRun: boolean) {
  const stored = await s.db
    .selectFrom('realized_trade')
    .select(['symbol', 'quantity', 'date_acquired', 'date_sold', 'proceeds', 'cost_basis'])
    .where('tenant_id', '=', s.tenantId)
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null)
    .execute()
  const fresh = unseen(rows, stored.map(tradeKey), tradeKey)
  if (dryRun) return fresh.length
  for (let i = 0; i < fresh.length; i += INSERT_CHUNK) {
    const chunk = fresh.slice(i, i + INSERT_CHUNK)
    await s.db
      .insertInto('realized_trade')
      .values(chunk.map((t) => ({ tenant_id: s.tenantId, ...t, source: 'import' as const })))
      .execute()
  }
  return fresh.length
}

async function importHoldings(s: TenantScope, accountId: number, rows: Holding[], dryRun: boolean) {
  const stored = await s.db
    .selectFrom('manual_position')
    .select(['symbol', 'as_of'])
    .where('tenant_id', '=', s.tenantId)
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null)
    .execute()
  const fresh = unseen(rows, stored.map(holdingKey), holdingKey)
  if (dryRun) return fresh.length
  let imported = 0
  for (let i = 0; i < fresh.length; i += INSERT_CHUNK) {
    const saved = await s.db
      .insertInto('manual_position')
      .values(fresh.slice(i, i + INSERT_CHUNK).map((h) => ({ tenant_id: s.tenantId, ...h })))
      // A holding saved meanwhile through the JSON endpoint is a duplicate too, not a failure.
      .onConflict((oc) =>
        oc
          .columns(['tenant_id', 'account_id', 'symbol', 'as_of'])
          .where('deleted_at', 'is', null)
          .doNothing(),
      )
      .returning(['account_id', 'as_of', 'symbol', 'quantity', 'cost_basis'])
      .execute()
    // As ManualService.putPosition: each holding also enters its day's portfolio snapshot.
    for (const p of saved) await repo.upsertSnapshot(s, p)
    imported += saved.length
  }
  return imported
}

export class ImportService {
  constructor(private readonly deps: { scopes: Scopes; clock: Clock }) {}

  async importCsv(
    scope: RequestScope,
    q: { account_id: number; kind: ImportKind; dry_run: boolean },
    body: string,
  ): Promise<ImportResult> {
    const today = nyDate(this.deps.clock.now())
    return this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      // The account first: a foreign one answers 404 whatever the file holds.
      await manualAccount(s, q.account_id, !q.dry_run)
      const { header, records } = readCsv(body)
      const { columns, ignored } = mapHeader(q.kind, header)
      const summary = { kind: q.kind, dry_run: q.dry_run, rows: records.length, ignored_columns: ignored }
      const readers = records.map((rec) => new RecordReader(columns, rec))
      const trades = q.kind === 'transactions' ? readers.map((r) => readTrade(r, q.account_id)) : []
      const holdings = q.kind === 'positions' ? readers.map((r) => readHolding(r, q.account_id, today)) : []
      const issues = readers.flatMap((r) => r.issues)
      if (issues.length) {
        const errors = issues
          .slice(0, MAX_REPORTED_ERRORS)
          .map((i) => ({ loc: ['body', i.line, i.column], msg: i.msg, type: i.type }))
        const detail = `${new Set(issues.map((i) => i.line)).size} row(s) have errors; nothing was imported`
        throw fail('import.invalid_rows', detail, errors, { ...summary, error_count: issues.length })
      }
      const imported =
        q.kind === 'transactions'
          ? await importTrades(s, q.account_id, defined(trades), q.dry_run)
          : await importHoldings(s, q.account_id, defined(holdings), q.dry_run)
      return { ...summary, imported, skipped_duplicates: records.length - imported, errors: [] }
    })
  }
}
