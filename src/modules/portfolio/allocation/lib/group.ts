/**
 * The allocation of a valuation by one dimension: each holding's and each cash balance's value in
 * the base currency summed per group, with its weight of the total (percent, apportioned by largest
 * remainder so the weights add to exactly 100). Amounts without a rate are left out (the valuation
 * lists their currencies). Groups, largest value first (then by key):
 *
 * - account: the account (its holdings and its cash);
 * - asset_class: the instrument type (stock, etf, inverse_etf, index), `unknown` for an unlisted
 *   symbol, `cash` for cash;
 * - sector: the instrument's sector; `Funds` for a fund without one, `Unknown` otherwise, `Cash`;
 * - country: the issuer's country (ISO 3166 alpha-2); `Funds` for a fund without one, `Unknown`
 *   otherwise; `Cash`;
 * - currency: the instrument's quote currency; cash in its own currency.
 */
import { centsToNumber } from '../../../../kernel/decimal/cents.ts'
import type { Instrument } from '../../../../providers/market-data/index.ts'
import { percentWeights } from '../../valuation/lib/weights.ts'
import type { Valuation } from '../../valuation/valuation.service.ts'

export const ALLOCATION_BY = ['account', 'asset_class', 'sector', 'country', 'currency'] as const
export type AllocationBy = (typeof ALLOCATION_BY)[number]

interface Group {
  key: string
  label: string
  cents: bigint
  holdings: number
}

const isFund = (i: Instrument | null) => i?.type === 'etf' || i?.type === 'inverse_etf'
const orFunds = (value: string | null | undefined, i: Instrument | null) =>
  value ?? (isFund(i) ? 'Funds' : 'Unknown')

function holdingGroup(by: AllocationBy, h: Valuation['holdings'][number]): [string, string] {
  switch (by) {
    case 'account':
      return [String(h.account_id), h.account_name]
    case 'asset_class':
      return [h.instrument?.type ?? 'unknown', h.instrument?.type ?? 'unknown']
    case 'sector': {
      const s = orFunds(h.instrument?.sector, h.instrument)
      return [s, s]
    }
    case 'country': {
      const c = orFunds(h.instrument?.country, h.instrument)
      return [c, c]
    }
    case 'currency':
      return [h.currency, h.currency]
  }
}

function cashGroup(by: AllocationBy, c: Valuation['cash'][number]): [string, string] {
  switch (by) {
    case 'account':
      return [String(c.account_id), c.account_name]
    case 'asset_class':
      return ['cash', 'cash']
    case 'currency':
      return [c.currency, c.currency]
    default:
      return ['Cash', 'Cash']
  }
}

export function allocationOf(v: Valuation, by: AllocationBy) {
  const groups = new Map<string, Group>()
  const add = ([key, label]: [string, string], cents: bigint | null, holding: boolean) => {
    if (cents === null) return
    const g = groups.get(key) ?? { key, label, cents: 0n, holdings: 0 }
    g.cents += cents
    if (holding) g.holdings++
    groups.set(key, g)
  }
  for (const h of v.holdings) add(holdingGroup(by, h), h.value_base, true)
  for (const c of v.cash) add(cashGroup(by, c), c.value_base, false)
  const sorted = [...groups.values()].sort((a, b) =>
    a.cents === b.cents ? (a.key < b.key ? -1 : 1) : a.cents > b.cents ? -1 : 1,
  )
  const weights = percentWeights(sorted.map((g) => g.cents))
  const total = sorted.reduce((a, g) => a + g.cents, 0n)
  return {
    as_of: v.as_of,
    by,
    base_currency: v.base_currency,
    total_value: centsToNumber(total),
    degraded: v.missing_rates.length > 0 || v.stale_prices.length > 0,
    missing_rates: v.missing_rates,
    stale_prices: v.stale_prices,
    items: sorted.map((g, i) => ({
      key: g.key,
      label: g.label,
      value: centsToNumber(g.cents),
      weight: weights[i]!,
      holdings: g.holdings,
    })),
  }
}
