/**
 * The exports: the holdings list (every row, largest base value first) and a tax year's realized
 * gains, as JSON and as RFC 4180 CSV (lib/csv-write.ts) with the JSON items' fields as columns.
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { nyDate } from '../../../kernel/calendar/nyse.ts'
import { countsOn } from '../lib/archive.ts'
import { toCsv, type CsvCell } from '../lib/csv-write.ts'
import { holdingsList, sortHoldings } from '../valuation/lib/holdings-list.ts'
import { withScope, type ScopeQuery, type ValuationService } from '../valuation/valuation.service.ts'
import { realizedInYear } from './exports.repository.ts'
import { realizedGains } from './lib/realized-gains.ts'

/** The CSV columns of each export: the JSON item fields, in this order. */
export const HOLDINGS_COLUMNS = [
  'account_id',
  'account_name',
  'symbol',
  'name',
  'quantity',
  'price',
  'price_source',
  'currency',
  'market_value',
  'day_change',
  'day_change_pct',
  'cost_basis',
  'unrealized_pl',
  'unrealized_pl_pct',
  'weight',
  'market_value_base',
  'held_since',
  'unrealized_pl_base',
  'price_effect',
  'currency_effect',
  'base_currency',
] as const
export const REALIZED_COLUMNS = [
  'trade_id',
  'account_id',
  'account_name',
  'cost_basis_method',
  'symbol',
  'quantity',
  'date_acquired',
  'date_sold',
  'proceeds',
  'cost_basis',
  'fees',
  'gain',
  'term',
  'currency',
] as const

/** A CSV of `items` with `columns` as its header and each item's fields of those names as cells. */
export function csvOf<T extends object>(columns: readonly (keyof T & string)[], items: readonly T[]): string {
  return toCsv(
    columns.map((c) => ({ header: c, cell: (r: T) => r[c] as CsvCell })),
    items,
  )
}

export class ExportsService {
  constructor(private readonly deps: { scopes: Scopes; valuation: ValuationService }) {}

  async holdings(scope: RequestScope, q: ScopeQuery) {
    const list = holdingsList(await this.deps.valuation.current(scope, q))
    return { ...list, items: sortHoldings(list.items, 'value', 'desc') }
  }

  /** The trades sold in `year` (default: the current New York year). */
  async realizedGains(scope: RequestScope, q: ScopeQuery & { year?: number }) {
    const year = q.year ?? Number(this.deps.valuation.today().slice(0, 4))
    const rows = await withScope(this.deps.scopes, scope, q, (s, ids) =>
      realizedInYear(s, { ...(ids ? { accountIds: ids } : {}), from: `${year}-01-01`, to: `${year}-12-31` }),
    )
    // An archived account's trades stay in the history up to its archive date.
    const counted = rows.filter((r) => countsOn(r.archived_at ? nyDate(r.archived_at) : null, r.sold_on!))
    return { year, ...realizedGains(counted) }
  }
}
