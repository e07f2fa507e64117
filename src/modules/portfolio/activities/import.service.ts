/**
 * CSV import of activities (source csv). All or nothing: any bad row answers 422
 * `import.invalid_rows` with every row's errors (line and column) and writes nothing; a dry run
 * does the whole import in a transaction it rolls back, so it answers exactly as the import would
 * (also a sale without shares). Duplicates are skipped and listed: a row with a source_id when the
 * account has it already (or an earlier row has it); a row without one when the account or an
 * earlier row has the same date, type, symbol, quantity, amount, fee and currency. Rows are stored
 * with source csv and their source_id, or a hash of their content, so importing a file again adds
 * nothing.
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Scopes, TenantScope } from '../../../platform/db/index.ts'
import { UnprocessableError, type FieldError } from '../../../platform/http/errors.ts'
import { findAccount, type AccountRow } from '../accounts/accounts.repository.ts'
import { accountNotFound } from '../accounts/accounts.service.ts'
import { CsvError, mapColumns, parseCsv, RecordReader, type CsvRecord } from '../manual/lib/csv.ts'
import type { DateFormat } from '../manual/lib/csv-dates.ts'
import type { ImportActivitiesOutcome } from './activities.schemas.ts'
import { refuseHeldAsPosition, type ActivitiesDeps } from './activities.service.ts'
import { writableAccount } from './activity-rows.service.ts'
import { knownSourceIds } from './activities.repository.ts'
import { fetchCloses, rederive, todayOf, type Closes } from './derive.service.ts'
import * as ledger from './ledger.repository.ts'
import { movesShares } from './lib/derive.ts'
import { ACTIVITY_COLUMNS, contentId, naturalKey, readActivity, type ImportRow } from './lib/import-row.ts'
import { recordActivities } from './record.service.ts'

const MAX_ROWS = 20_000
const MAX_LISTED = 100
const fail = (code: string, detail: string, errors: FieldError[], extra?: Record<string, unknown>) =>
  new UnprocessableError(code, detail, errors, extra ? { extra } : undefined)

type Query = { account_id?: number; dry_run: boolean; date_format?: DateFormat; allow_unlisted?: boolean }
type Outcome = ImportActivitiesOutcome

function readFile(body: string) {
  let all: CsvRecord[]
  try {
    all = parseCsv(body, { maxRecords: MAX_ROWS + 1 })
  } catch (e) {
    if (!(e instanceof CsvError)) throw e
    const code = e.kind === 'too_many_records' ? 'import.too_many_rows' : 'import.malformed_csv'
    const msg = e.kind === 'too_many_records' ? `more than ${MAX_ROWS} data rows; split the file` : e.message
    throw fail(code, msg, [{ loc: ['body', e.line], msg, type: 'csv' }])
  }
  const [header, ...records] = all
  if (!header)
    throw fail('import.empty', 'the file is empty; expected a header line', [
      { loc: ['body'], msg: 'empty', type: 'required' },
    ])
  const { columns, ignored, duplicate } = mapColumns(header.cells, ACTIVITY_COLUMNS)
  if (duplicate) {
    const msg = `"${duplicate.headers[0]}" and "${duplicate.headers[1]}" both name ${duplicate.field}`
    throw fail('import.duplicate_column', msg, [
      { loc: ['body', 1, duplicate.headers[1]], msg, type: 'duplicate' },
    ])
  }
  const missing = ACTIVITY_COLUMNS.filter((c) => c.required && !columns.has(c.field))
  if (missing.length) {
    const errors = missing.map((c) => ({
      loc: ['body', 1, c.field],
      msg: 'required column missing',
      type: 'required',
    }))
    throw fail('import.missing_columns', `Missing columns: ${missing.map((c) => c.field).join(', ')}`, errors)
  }
  return { columns, ignored, records }
}

/** Thrown to roll a dry run back, carrying its answer. */
class DryRun extends Error {
  constructor(readonly outcome: Outcome) {
    super('dry run')
  }
}

export class ActivityImportService {
  constructor(private readonly deps: ActivitiesDeps & { scopes: Scopes }) {}

  /** Symbols the provider does not list, and the closes of the file's symbols, read before the transaction. */
  private async lookups(scope: RequestScope, body: string, q: Query) {
    let symbols: string[] = []
    let from: string | null = null
    try {
      const { columns, records } = readFile(body)
      const sym = columns.get('symbol')
      const date = columns.get('date')
      symbols = [
        ...new Set(records.map((r) => (sym ? (r.cells[sym.index] ?? '').trim().toUpperCase() : ''))),
      ].filter((x) => /^[A-Z0-9.\-^]{1,16}$/.test(x))
      for (const r of records) {
        const d = date ? (r.cells[date.index] ?? '').trim() : ''
        if (/^\d{4}-\d{2}-\d{2}$/.test(d) && (from === null || d < from)) from = d
      }
    } catch {
      return { unknown: new Set<string>(), closes: new Map() as Closes }
    }
    const unknown = new Set(q.allow_unlisted ? [] : await this.deps.instruments.unlisted(symbols))
    if (q.dry_run) return { unknown, closes: new Map() as Closes }
    const first = await this.deps.scopes.withTenant(scope.tenantId, (s) =>
      ledger.firstShareDay(s, null, symbols),
    )
    const start = first !== null && (from === null || first < from) ? first : from
    return { unknown, closes: await fetchCloses(this.deps.market, this.deps.clock, symbols, start) }
  }

  async importCsv(scope: RequestScope, q: Query, body: string): Promise<Outcome> {
    const today = todayOf(this.deps.clock)
    const { unknown, closes } = await this.lookups(scope, body, q)
    try {
      const outcome = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
        if (q.account_id !== undefined && !(await findAccount(s, q.account_id))) throw accountNotFound()
        const { columns, ignored, records } = readFile(body)
        const accounts = new Map<number, AccountRow | null>()
        for (const id of new Set([q.account_id, ...records.map((r) => accountCell(columns, r))]))
          if (id !== undefined && id !== null) accounts.set(id, (await findAccount(s, id)) ?? null)
        const readers = records.map((rec) => new RecordReader(columns, rec, q.date_format ?? 'auto'))
        const currencyOf = (id: number | null) => accounts.get(id ?? q.account_id ?? 0)?.currency ?? null
        const rows = readers.map((r) => readActivity(r, today, currencyOf))
        readers.forEach((r, i) => checkRow(r, rows[i] ?? null, q, accounts, unknown))
        for (const [i, r] of rows.entries()) if (r) await checkPosition(s, readers[i]!, r, q)
        const issues = readers.flatMap((r) => r.issues)
        if (issues.length) {
          const errors = issues
            .slice(0, MAX_LISTED)
            .map((i) => ({ loc: ['body', i.line, i.column], msg: i.msg, type: i.type }))
          const detail = `${new Set(issues.map((i) => i.line)).size} row(s) have errors; nothing was imported`
          const summary = { dry_run: q.dry_run, rows: records.length, ignored_columns: ignored }
          throw fail('import.invalid_rows', detail, errors, { ...summary, error_count: issues.length })
        }
        const done = await write(s, rows as ImportRow[], q, scope.userId, closes)
        const out = {
          dry_run: q.dry_run,
          rows: records.length,
          ...done.outcome,
          errors: [],
          ignored_columns: ignored,
        }
        if (q.dry_run) throw new DryRun(out)
        return { out, trades: done.trades }
      })
      this.deps.tradeWrites?.written(scope.tenantId, outcome.trades)
      return outcome.out
    } catch (e) {
      if (e instanceof DryRun) return e.outcome
      throw e
    }
  }
}

function accountCell(columns: ReturnType<typeof readFile>['columns'], r: CsvRecord): number | null {
  const c = columns.get('account_id')
  const v = c ? (r.cells[c.index] ?? '').trim() : ''
  return /^[1-9][0-9]{0,15}$/.test(v) ? Number(v) : null
}

function checkRow(
  r: RecordReader,
  row: ImportRow | null,
  q: Query,
  accounts: Map<number, AccountRow | null>,
  unknown: Set<string>,
): void {
  const symbol = r.cell('symbol').toUpperCase()
  if (unknown.has(symbol))
    r.fail(
      'symbol',
      `${symbol} is not listed by the market data provider (allow_unlisted=true accepts it)`,
      'unknown_symbol',
    )
  if (!row && r.issues.length) return
  const id = row?.accountId ?? q.account_id
  if (id === undefined || id === null) {
    r.fail(
      'account_id',
      'is required: give an account_id column or the account_id query parameter',
      'required',
    )
    return
  }
  const account = accounts.get(id)
  if (!account) r.fail('account_id', `no such account: ${id}`, 'not_found')
  else if (account.archived_at !== null || account.status !== 'active')
    r.fail('account_id', `account ${id} is archived; reopen it to import into it`, 'archived')
}

async function checkPosition(s: TenantScope, r: RecordReader, row: ImportRow, q: Query): Promise<void> {
  const id = row.accountId ?? q.account_id
  if (id === undefined || r.issues.length) return
  try {
    await refuseHeldAsPosition(s, id, row.row)
  } catch (e) {
    r.fail('symbol', e instanceof Error ? e.message : String(e), 'held_as_position')
  }
}

/** Writes the rows that are not duplicates, account by account, and derives what they touched. */
async function write(s: TenantScope, rows: ImportRow[], q: Query, userId: number | null, closes: Closes) {
  const byAccount = new Map<number, ImportRow[]>()
  for (const r of rows) {
    const id = (r.accountId ?? q.account_id)!
    byAccount.set(id, [...(byAccount.get(id) ?? []), r])
  }
  const duplicates: Outcome['duplicates'] = []
  let imported = 0
  let flows = 0
  let trades = 0
  for (const [accountId, own] of byAccount) {
    const account = await writableAccount(s, accountId, true)
    const fresh = await unseen(s, accountId, own, duplicates)
    const rec = await recordActivities(
      s,
      accountId,
      fresh.map((r) => ({
        ...r.row,
        source: 'csv' as const,
        source_id: r.sourceId ?? contentId(r),
        note: r.note,
      })),
      userId,
    )
    imported += rec.activities.length
    flows += rec.flows
    const symbols = [...new Set(fresh.filter((r) => movesShares(r.row)).map((r) => r.row.symbol!))]
    trades += await rederive(s, account, symbols, closes)
  }
  duplicates.sort((a, b) => a.line - b.line)
  return {
    outcome: {
      imported,
      skipped_duplicates: rows.length - imported,
      duplicates: duplicates.slice(0, MAX_LISTED),
      capital_flows: flows,
    },
    trades,
  }
}

/** The rows neither stored nor earlier in the file; the others are listed in `duplicates`. */
async function unseen(
  s: TenantScope,
  accountId: number,
  rows: ImportRow[],
  duplicates: Outcome['duplicates'],
) {
  const storedKeys = new Set((await ledger.naturalKeys(s, accountId)).map(naturalKey))
  const given = rows.flatMap((r) => (r.sourceId ? [r.sourceId] : []))
  const storedIds = await knownSourceIds(s, accountId, 'csv', given)
  const fileIds = new Set<string>()
  const fileKeys = new Set<string>()
  return rows.filter((r) => {
    const key = naturalKey(r.row)
    const stored = r.sourceId ? storedIds.has(r.sourceId) : storedKeys.has(key)
    const inFile = r.sourceId ? fileIds.has(r.sourceId) : fileKeys.has(key)
    if (stored || inFile) {
      duplicates.push({ line: r.line, reason: stored ? 'stored' : 'in_file' })
      return false
    }
    if (r.sourceId) fileIds.add(r.sourceId)
    else fileKeys.add(key)
    return true
  })
}
