/**
 * Investor allocation by unit accounting, as a fund or investment club keeps it: a contribution buys
 * units at the NAV per unit of its date and a withdrawal redeems them, so each investor's share
 * reflects when the money came in, not just how much. Units are kept exactly as BigInt millionths.
 */
import { parseTradeDate } from '../../lib/dates.ts'
import { centsToNumber, roundDiv } from '../../../../kernel/decimal/cents.ts'

export interface InvestorFlow {
  investorId: number
  date: string
  /** Positive: a contribution; negative: a withdrawal. */
  amountCents: bigint
}

export interface InvestorAllocation {
  investor_id: number
  units: number
  share_pct: number
  value: number
  net_contributed: number
  gain: number
}

export interface Allocation {
  investors: InvestorAllocation[]
  total_units: number
  /** Current value per unit, 6 decimals; null when no units are outstanding. */
  nav_per_unit: number | null
}

const MICRO = 1_000_000n // units are counted in millionths

interface Holding {
  micro: bigint
  netCents: bigint
}

// A price as a ratio: `cents` buy `micro` millionths of a unit.
interface Price {
  cents: bigint
  micro: bigint
}

const INITIAL_PRICE: Price = { cents: 100n, micro: MICRO } // 1.00 per unit

function byDate(flows: InvestorFlow[]): [string, Map<number, bigint>][] {
  const dates = new Map<string, Map<number, bigint>>()
  for (const { investorId, date, amountCents } of flows) {
    if (parseTradeDate(date) !== date) throw new RangeError(`not a YYYY-MM-DD date: ${JSON.stringify(date)}`)
    const nets = dates.get(date) ?? new Map<number, bigint>()
    // An investor's flows of one date are netted, so their order within the day cannot matter.
    nets.set(investorId, (nets.get(investorId) ?? 0n) + amountCents)
    dates.set(date, nets)
  }
  return [...dates.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
}

/**
 * `navOn(date)` is the portfolio's total value in cents just before that date's flows; it is only
 * asked for dates when units are outstanding. With none outstanding (at the start, or after every
 * unit was redeemed) units are bought at 1.00.
 */
export function allocate(
  flows: InvestorFlow[],
  navOn: (date: string) => bigint,
  currentValueCents: bigint,
): Allocation {
  if (currentValueCents < 0n) throw new RangeError('the current value cannot be negative')
  const holdings = new Map<number, Holding>()
  let total = 0n

  for (const [date, nets] of byDate(flows)) {
    let price = INITIAL_PRICE
    if (total > 0n) {
      const nav = navOn(date)
      if (nav <= 0n) {
        throw new RangeError(`no units can be priced on ${date}: the portfolio is worth ${nav} cents`)
      }
      price = { cents: nav, micro: total } // every flow of this date uses the NAV from before them
    }
    for (const [investorId, amount] of [...nets.entries()].sort(([a], [b]) => a - b)) {
      const h = holdings.get(investorId) ?? { micro: 0n, netCents: 0n }
      let delta: bigint
      if (amount >= 0n) {
        delta = roundDiv(amount * price.micro, price.cents)
      } else {
        // Compare withdrawal and holding value exactly: −amount > micro × cents / micro_total.
        const claim = -amount * price.micro
        const worth = h.micro * price.cents
        if (claim > worth) {
          throw new RangeError(`investor ${investorId} withdraws more than their holding is worth on ${date}`)
        }
        // A withdrawal of the whole holding redeems every unit, leaving no rounding dust.
        const redeemed = claim === worth ? h.micro : roundDiv(claim, price.cents)
        delta = -(redeemed < h.micro ? redeemed : h.micro)
      }
      holdings.set(investorId, { micro: h.micro + delta, netCents: h.netCents + amount })
      total += delta
    }
  }

  const held = [...holdings.entries()].sort(([a], [b]) => a - b)
  const values = apportion(
    currentValueCents,
    held.map(([, h]) => h.micro),
    total,
  )
  const investors = held.map(([investorId, h], i): InvestorAllocation => {
    const valueCents = values[i]!
    return {
      investor_id: investorId,
      units: microToNumber(h.micro),
      // Percent with 4 decimals: micro / total × 100 × 10^4, rounded, then / 10^4.
      share_pct: total > 0n ? Number(roundDiv(h.micro * 1_000_000n, total)) / 10_000 : 0,
      value: centsToNumber(valueCents),
      net_contributed: centsToNumber(h.netCents),
      gain: centsToNumber(valueCents - h.netCents),
    }
  })
  return {
    investors,
    total_units: microToNumber(total),
    // NAV per unit = (cents / 100) / (micro / 10^6) = cents × 10^4 / micro; kept to 6 decimals.
    nav_per_unit: total > 0n ? microToNumber(roundDiv(currentValueCents * 10_000n * MICRO, total)) : null,
  }
}

/**
 * `value` (cents, ≥ 0) split in proportion to `weights` (summing to `total`), in whole cents that
 * add up to `value` exactly: each share rounded down, then the cents left over go one each to the
 * largest remainders (the earlier investor on a tie). Nothing when no units are outstanding.
 */
function apportion(value: bigint, weights: bigint[], total: bigint): bigint[] {
  if (total <= 0n) return weights.map(() => 0n)
  const shares = weights.map((w, i) => ({ i, floor: (value * w) / total, rest: (value * w) % total }))
  let left = value - shares.reduce((a, s) => a + s.floor, 0n)
  const out = shares.map((s) => s.floor)
  for (const s of [...shares].sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1))) {
    if (left <= 0n) break
    out[s.i]! += 1n
    left -= 1n
  }
  return out
}

function microToNumber(micro: bigint): number {
  const abs = micro < 0n ? -micro : micro
  return Number(`${micro < 0n ? '-' : ''}${abs / MICRO}.${String(abs % MICRO).padStart(6, '0')}`)
}
