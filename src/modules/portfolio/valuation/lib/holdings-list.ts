/**
 * The holdings list, from a valuation: one row per account and symbol with its figures as numbers
 * (money rounded to cents), its weight in percent of the total of the scope in the base currency —
 * every holding and every cash balance that has a rate, apportioned to add up to exactly 100 — and
 * the totals. Sorted by the chosen key (ties: account, then symbol, ascending).
 */
import { centsToNumber } from '../../../../kernel/decimal/cents.ts'
import type { Valuation } from '../valuation.service.ts'
import { percentWeights } from './weights.ts'

export const HOLDING_SORTS = ['value', 'symbol', 'account', 'weight', 'unrealized_pl', 'day_change'] as const
export type HoldingSort = (typeof HOLDING_SORTS)[number]

const num = (c: bigint | null) => (c === null ? null : centsToNumber(c))

export function holdingsList(v: Valuation) {
  const values = [...v.holdings.map((h) => h.value_base), ...v.cash.map((c) => c.value_base)]
  const weights = percentWeights(values.map((x) => x ?? 0n))
  const items = v.holdings.map((h, i) => ({
    account_id: h.account_id,
    account_name: h.account_name,
    symbol: h.symbol,
    name: h.name,
    quantity: Number(h.quantity),
    price: Number(h.price),
    price_source: h.price_source,
    currency: h.currency,
    market_value: centsToNumber(h.market_value),
    day_change: num(h.day_change),
    day_change_pct: h.day_change_pct,
    cost_basis: centsToNumber(h.cost_basis),
    unrealized_pl: centsToNumber(h.unrealized),
    unrealized_pl_pct: h.unrealized_pct,
    weight: h.value_base === null ? null : weights[i]!,
    market_value_base: num(h.value_base),
    held_since: h.held_since,
    unrealized_pl_base: num(h.unrealized_base),
    price_effect: num(h.price_effect),
    currency_effect: num(h.currency_effect),
    base_currency: v.base_currency,
  }))
  const sum = (xs: (bigint | null)[]) => xs.reduce<bigint>((a, x) => a + (x ?? 0n), 0n)
  const holdingsBase = sum(v.holdings.map((h) => h.value_base))
  const cashBase = sum(v.cash.map((c) => c.value_base))
  return {
    as_of: v.as_of,
    base_currency: v.base_currency,
    holdings_value: centsToNumber(holdingsBase),
    cash_value: centsToNumber(cashBase),
    total_value: centsToNumber(holdingsBase + cashBase),
    degraded: v.missing_rates.length > 0 || v.stale_prices.length > 0,
    missing_rates: v.missing_rates,
    stale_prices: v.stale_prices,
    items,
  }
}

export type HoldingRow = ReturnType<typeof holdingsList>['items'][number]

/** The rows in the order asked: `desc` largest first (numbers; nulls last either way), `asc` the reverse. */
export function sortHoldings(rows: HoldingRow[], sort: HoldingSort, order: 'asc' | 'desc'): HoldingRow[] {
  const key = (r: HoldingRow): number | string | null =>
    sort === 'value'
      ? r.market_value_base
      : sort === 'symbol'
        ? r.symbol
        : sort === 'account'
          ? r.account_name
          : sort === 'weight'
            ? r.weight
            : sort === 'unrealized_pl'
              ? r.unrealized_pl
              : r.day_change
  const dir = order === 'asc' ? 1 : -1
  const tie = (a: HoldingRow, b: HoldingRow) =>
    a.account_id - b.account_id || (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0)
  return [...rows].sort((a, b) => {
    const [x, y] = [key(a), key(b)]
    if (x === y) return tie(a, b)
    if (x === null) return 1
    if (y === null) return -1
    return (x < y ? -1 : 1) * dir || tie(a, b)
  })
}
