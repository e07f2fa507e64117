/**
 * CSV import of manual closed trades and holdings. All or nothing: any bad row answers 422 and
 * writes nothing. Rows already stored (live) or repeated in the file are skipped, so importing the
 * same file twice imports nothing the second time. Rows obey the JSON endpoints' rules
 * (../lib/rules.ts, lib/import-rows.ts); symbols are looked up once per distinct ticker.
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes, TenantScope } from '../../../platform/db/index.ts'
import { UnprocessableError, type FieldError } from '../../../platform/http/errors.ts'
import { nyDate } from '../../../kernel/calendar/nyse.ts'
import { findAccount } from '../accounts/accounts.repository.ts'
import { accountNotFound } from '../accounts/accounts.service.ts'
import { IMPORT_COLUMNS, type ImportKind, type ImportResult } from './import.schemas.ts'
import {
  CsvError,
  mapColumns,
  parseCsv,
  RecordReader,
  type ColumnMapping,
  type CsvRecord,
} from './lib/csv.ts'
import { dayFirstEvidence, type DateFormat } from './lib/csv-dates.ts'
import { readHolding, readTrade, SYMBOL, type Holding, type Trade } from './lib/import-rows.ts'
import { toCents } from '../../../kernel/decimal/cents.ts'
import { QUANTITY_DECIMALS, MONEY_DECIMALS } from '../lib/rules.ts'
import { insertHoldings, liveHoldingDays } from './positions.repository.ts'
import { upsertSnapshot, writePricedSnapshot } from '../holdings/snapshots.repository.ts'
import { closeOn } from '../holdings/closing-price.service.ts'
import { mapLimit } from '../../../platform/concurrency.ts'
import type { MarketDataProvider } from '../../../providers/market-data/index.ts'
import { insertTrades, liveTradeKeys } from '../trades/trades.repository.ts'
import type { TradeWrites } from '../trades/trade-writes.service.ts'
import type { InstrumentLookup } from '../../market/market-data/index.ts'

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

/**
 * A decimal as the whole number of 10^-scale units its numeric(p, scale) column stores (half away
 * from zero, like PostgreSQL): money.ts's cents of the value shifted by scale − 2 places.
 */
const atScale = (decimal: string, scale: number) => String(toCents(`${decimal}e${scale - 2}`))

// Natural keys, over stored values and file rows alike (numerics at their column's scale).
type TradeKey = Pick<Trade, 'symbol' | 'quantity' | 'date_acquired' | 'date_sold' | 'proceeds' | 'cost_basis'>
const tradeKey = (t: TradeKey) =>
  JSON.stringify([
    t.symbol,
    atScale(t.quantity, QUANTITY_DECIMALS),
    t.date_acquired,
    t.date_sold,
    atScale(t.proceeds, MONEY_DECIMALS),
    atScale(t.cost_basis, MONEY_DECIMALS),
  ])
const holdingKey = (h: { symbol: string; as_of: string }) => JSON.stringify([h.symbol, h.as_of])
/** Closes looked up at once for back-dated imported holdings. */
const PRICE_LOOKUPS = 8

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
  const account = await findAccount(s, accountId, { lock })
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
  const stored = await liveTradeKeys(s, accountId)
  const fresh = unseen(rows, stored.map(tradeKey), tradeKey)
  if (dryRun) return fresh.length
  for (let i = 0; i < fresh.length; i += INSERT_CHUNK) await insertTrades(s, fresh.slice(i, i + INSERT_CHUNK))
  return fresh.length
}

type SavedHolding = Awaited<ReturnType<typeof insertHoldings>>[number]

async function importHoldings(s: TenantScope, accountId: number, rows: Holding[], dryRun: boolean) {
  const stored = await liveHoldingDays(s, accountId)
  const fresh = unseen(rows, stored.map(holdingKey), holdingKey)
  if (dryRun) return { imported: fresh.length, saved: [] }
  const saved: SavedHolding[] = []
  for (let i = 0; i < fresh.length; i += INSERT_CHUNK) {
    const chunk = await insertHoldings(s, fresh.slice(i, i + INSERT_CHUNK))
    // As ManualService.putPosition: each holding also enters its day's portfolio snapshot.
    for (const p of chunk) await upsertSnapshot(s, p)
    saved.push(...chunk)
  }
  return { imported: saved.length, saved }
}

const UNLISTED = (symbol: string) =>
  `${symbol} is not listed by the market data provider (allow_unlisted=true accepts private holdings)`
const DATE_FIELDS = ['date_acquired', 'date_sold', 'as_of']

/** auto: a slash date only day/month can read stops the import rather than be misread (lib/csv-dates.ts). */
function checkDateFormat(format: DateFormat, columns: ColumnMap, records: CsvRecord[]): void {
  if (format !== 'auto') return
  const cells = function* () {
    for (const rec of records)
      for (const field of DATE_FIELDS) {
        const c = columns.get(field)
        if (c) yield { text: rec.cells[c.index] ?? '', line: rec.line, header: c.header }
      }
  }
  const day = dayFirstEvidence(cells())
  if (!day) return
  const msg =
    `"${day.text.trim()}" can only be day/month, but date_format=auto reads slash dates as ` +
    'month/day (MM/DD/YYYY); send date_format=dmy if the file is day/month, or fix the date'
  throw fail('import.date_format', msg, [{ loc: ['body', day.line, day.header], msg, type: 'date_format' }])
}

type Query = {
  account_id: number
  kind: ImportKind
  dry_run: boolean
  date_format?: DateFormat
  allow_unlisted?: boolean
}

export class ImportService {
  constructor(
    private readonly deps: {
      scopes: Scopes
      clock: Clock
      instruments: InstrumentLookup
      market: Pick<MarketDataProvider, 'bars'>
      tradeWrites?: Pick<TradeWrites, 'written'>
    },
  ) {}

  /** The file's symbols the provider does not list, looked up once each, outside any transaction. */
  private async unlisted(body: string, q: Query): Promise<Set<string>> {
    if (q.allow_unlisted) return new Set()
    let symbols: string[]
    try {
      const { header, records } = readCsv(body)
      const c = mapHeader(q.kind, header).columns.get('symbol')
      symbols = c ? records.map((rec) => (rec.cells[c.index] ?? '').trim()).filter((x) => SYMBOL.test(x)) : []
    } catch {
      return new Set() // the import itself reports the file's problem
    }
    return new Set(await this.deps.instruments.unlisted(symbols))
  }

  async importCsv(scope: RequestScope, q: Query, body: string): Promise<ImportResult> {
    const today = nyDate(this.deps.clock.now())
    const format = q.date_format ?? 'auto'
    const unknown = await this.unlisted(body, q)
    const result = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      // The account first: a foreign one answers 404 whatever the file holds.
      await manualAccount(s, q.account_id, !q.dry_run)
      const { header, records } = readCsv(body)
      const { columns, ignored } = mapHeader(q.kind, header)
      checkDateFormat(format, columns, records)
      const summary = { kind: q.kind, dry_run: q.dry_run, rows: records.length, ignored_columns: ignored }
      const readers = records.map((rec) => new RecordReader(columns, rec, format))
      const trades = q.kind === 'transactions' ? readers.map((r) => readTrade(r, q.account_id, today)) : []
      const holdings = q.kind === 'positions' ? readers.map((r) => readHolding(r, q.account_id, today)) : []
      for (const r of readers) {
        const symbol = r.cell('symbol').toUpperCase()
        if (unknown.has(symbol)) r.fail('symbol', UNLISTED(symbol), 'unknown_symbol')
      }
      const issues = readers.flatMap((r) => r.issues)
      if (issues.length) {
        const errors = issues
          .slice(0, MAX_REPORTED_ERRORS)
          .map((i) => ({ loc: ['body', i.line, i.column], msg: i.msg, type: i.type }))
        const detail = `${new Set(issues.map((i) => i.line)).size} row(s) have errors; nothing was imported`
        throw fail('import.invalid_rows', detail, errors, { ...summary, error_count: issues.length })
      }
      const { imported, saved } =
        q.kind === 'transactions'
          ? { imported: await importTrades(s, q.account_id, defined(trades), q.dry_run), saved: [] }
          : await importHoldings(s, q.account_id, defined(holdings), q.dry_run)
      return { ...summary, imported, skipped_duplicates: records.length - imported, errors: [], saved }
    })
    const { saved, ...answer } = result
    if (q.kind === 'transactions' && !q.dry_run)
      this.deps.tradeWrites?.written(scope.tenantId, answer.imported)
    if (saved.length) await this.priceBackDated(scope, q.account_id, saved, today)
    return answer
  }

  /**
   * Imported holdings dated before today are priced at their date's close, as a typed-in position
   * is, so the figures move at once: the closes are read after the import commits (outside any
   * transaction), then written for the holdings still live. One without a close keeps its cost.
   */
  private async priceBackDated(scope: RequestScope, accountId: number, saved: SavedHolding[], today: string) {
    const past = saved.filter((h) => h.as_of < today)
    const days = [...new Set(past.map(holdingKey))].map((k) => JSON.parse(k) as [string, string])
    const closes = await mapLimit(days, PRICE_LOOKUPS, ([symbol, day]) =>
      closeOn(this.deps.market, symbol, day),
    )
    const close = new Map(days.map((d, i) => [JSON.stringify(d), closes[i]]))
    const priced = past.filter((h) => close.get(holdingKey(h)) != null)
    if (!priced.length) return
    await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      const live = new Set((await liveHoldingDays(s, accountId)).map(holdingKey))
      const rows = priced
        .filter((h) => live.has(holdingKey(h)))
        .map((h) => ({ ...h, date: h.as_of, price: close.get(holdingKey(h))! }))
      if (rows.length) await writePricedSnapshot(s, rows)
    })
  }
}
