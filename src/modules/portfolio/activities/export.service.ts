/**
 * The activity ledger as a file: every row the list's filters match (no paging), read in chunks of
 * 5,000 in one transaction, newest first. CSV per RFC 4180 (CRLF line ends; a field holding a comma,
 * a quote or a line break is quoted, its quotes doubled), with the columns the import reads first,
 * so a file exported imports back; decimals exact, as stored.
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import type { Activity, ActivityFilterInput } from './activities.schemas.ts'
import { filterOf, stored, toActivity } from './activity-rows.service.ts'
import { ownAccounts } from './activities.service.ts'
import * as ledger from './ledger.repository.ts'
import { cashEffect } from './lib/effects.ts'
import { csvRecord } from '../lib/csv-write.ts'

const CHUNK = 5000

export const EXPORT_COLUMNS = [
  'date',
  'type',
  'symbol',
  'quantity',
  'price',
  'amount',
  'fee',
  'currency',
  'note',
  'account_id',
  'source_id',
  'activity_id',
  'account_name',
  'source',
  'cash_effect',
] as const

function csvLine(r: ledger.LedgerRow): string {
  const d = stored(r)
  const cells: Record<(typeof EXPORT_COLUMNS)[number], string | number | null> = {
    date: r.activity_date,
    type: r.type,
    symbol: r.symbol,
    quantity: d.quantity,
    price: d.price,
    amount: d.amount,
    fee: d.fee,
    currency: r.currency,
    note: r.note,
    account_id: r.account_id,
    source_id: r.source_id,
    activity_id: r.id,
    account_name: r.account_name,
    source: r.source,
    cash_effect: cashEffect(d),
  }
  return csvRecord(EXPORT_COLUMNS.map((c) => cells[c]))
}

export type ExportItem = Activity & { account_name: string }

export class ActivityExportService {
  constructor(private readonly deps: { scopes: Scopes }) {}

  private async rows<T>(
    scope: RequestScope,
    q: ActivityFilterInput,
    map: (r: ledger.LedgerRow) => T,
  ): Promise<T[]> {
    const filter = filterOf(q)
    return this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      await ownAccounts(s, q)
      const out: T[] = []
      let after: [string, number] | null = null
      for (;;) {
        const page = await ledger.listActivities(s, filter, { after, offset: 0, limit: CHUNK })
        for (const r of page) out.push(map(r))
        if (page.length < CHUNK) return out
        const last = page.at(-1)!
        after = [last.activity_date, last.id]
      }
    })
  }

  async csv(scope: RequestScope, q: ActivityFilterInput): Promise<string> {
    const lines = await this.rows(scope, q, csvLine)
    return csvRecord(EXPORT_COLUMNS) + lines.join('')
  }

  async json(scope: RequestScope, q: ActivityFilterInput): Promise<{ items: ExportItem[]; count: number }> {
    const items = await this.rows(scope, q, (r) => ({
      ...toActivity(r, r.capital_flow_id),
      account_name: r.account_name,
    }))
    return { items, count: items.length }
  }
}
