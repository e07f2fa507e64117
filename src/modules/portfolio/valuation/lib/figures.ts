/**
 * A holding's figures from exact decimals, in its own currency (cents), and their value in the
 * base currency:
 *
 * - market value = quantity × price (negative for a short);
 * - unrealized P&L = market value − sign(quantity) × cost basis (a short's cost basis is the
 *   proceeds received), and its percent of the cost basis;
 * - day change = quantity × (latest daily close − the close before), and its percent of the
 *   earlier close;
 * - value in the base currency = quantity × price × rate, rounded to cents once;
 * - the unrealized P&L in the base currency (value at today's rate − cost at the rate of the day the
 *   holding was first held), split into a price effect (the P&L in its own currency at that first
 *   rate) and a currency effect (the rest: the market value times the change of the rate). The two
 *   add up to it exactly; in the base currency itself the currency effect is 0.
 */
import { toCents } from '../../../../kernel/decimal/cents.ts'
import { decDiv, decMul, decSign, decSub } from '../../../../kernel/decimal/decimal-string.ts'

export interface HoldingFigures {
  market_value: bigint
  cost_basis: bigint
  unrealized: bigint
  unrealized_pct: number | null
  day_change: bigint | null
  day_change_pct: number | null
  value_base: bigint | null
  unrealized_base: bigint | null
  price_effect: bigint | null
  currency_effect: bigint | null
}

/** A percent of `part` over `whole` (cents), to two decimals; null when `whole` is not positive. */
export function pct(part: bigint, whole: bigint): number | null {
  if (whole <= 0n) return null
  return Number(decDiv(String(part * 100n), String(whole), 2))
}

export function holdingFigures(h: {
  quantity: string
  price: string
  cost_basis: string
  closes: readonly string[] | null
  rate: string | null
  /** The rate on the day the holding was first held; null when there is none. */
  cost_rate: string | null
}): HoldingFigures {
  const value = decMul(h.quantity, h.price)
  const market_value = toCents(value)
  const cost_basis = toCents(h.cost_basis)
  const unrealized = market_value - BigInt(decSign(h.quantity)) * cost_basis
  let day_change: bigint | null = null
  let day_change_pct: number | null = null
  if (h.closes && h.closes.length >= 2) {
    const [prev, last] = [h.closes.at(-2)!, h.closes.at(-1)!]
    day_change = toCents(decMul(h.quantity, decSub(last, prev)))
    const ratio = decDiv(decMul(decSub(last, prev), '100'), prev, 2)
    day_change_pct = ratio === null ? null : Number(ratio)
  }
  const value_base = h.rate === null ? null : toCents(decMul(value, h.rate))
  const split = value_base === null || h.cost_rate === null ? null : effects(h, value_base, h.cost_rate)
  return {
    market_value,
    cost_basis,
    unrealized,
    unrealized_pct: pct(unrealized, cost_basis),
    day_change,
    day_change_pct,
    value_base,
    unrealized_base: split?.unrealized ?? null,
    price_effect: split?.price ?? null,
    currency_effect: split === null ? null : split.unrealized - split.price,
  }
}

/** The base-currency P&L (value at today's rate − signed cost at the first rate) and its price part. */
function effects(
  h: { quantity: string; price: string; cost_basis: string },
  valueBase: bigint,
  costRate: string,
) {
  const signedCost = decSign(h.quantity) < 0 ? decSub('0', h.cost_basis) : h.cost_basis
  const costBase = toCents(decMul(signedCost, costRate))
  const local = decSub(decMul(h.quantity, h.price), signedCost)
  return { unrealized: valueBase - costBase, price: toCents(decMul(local, costRate)) }
}

/** A number as a plain decimal string (prices from the market data provider). */
export function decimalOf(n: number): string {
  const s = String(n)
  return /e/i.test(s) ? n.toFixed(10).replace(/\.?0+$/, '') : s
}
