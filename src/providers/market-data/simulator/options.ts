/**
 * Simulated option chains: weekly Friday expirations plus monthly third Fridays (moved to the
 * Thursday when the Friday is a holiday), strikes around the spot, Black–Scholes prices from the
 * symbol's vol with a put skew, and seeded volume / open interest whose put/call mix varies by
 * symbol and day so every flow classification occurs.
 */
import type { OptionChain, OptionContract } from '../market-data.port.ts'
import { DAY_MS } from '../../../kernel/dates.ts'
import { indexAtOrBefore, simDays } from './calendar.ts'
import { normalAt, uniformAt } from './random.ts'

const RATE = 0.04
const WEEKLIES = 4
const MONTHLIES = 3
const STRIKES_EACH_SIDE = 12

const isoOf = (dn: number) => new Date(dn * DAY_MS).toISOString().slice(0, 10)
const weekday = (dn: number) => (dn + 4) % 7 // 1970-01-01 was a Thursday; 5 = Friday

function thirdFriday(year: number, month: number): number {
  const first = Date.UTC(year, month, 1) / DAY_MS
  return first + ((5 - weekday(first) + 7) % 7) + 14
}

/** A Friday that is a holiday expires on the trading day before. */
function tradingOnOrBefore(dn: number): number {
  const i = indexAtOrBefore(dn)
  return i >= 0 ? simDays()[i]!.dayNumber : dn
}

/** Listed expirations as of `todayDn`, as day numbers ascending; monthlies flagged. */
export function expirationDays(todayDn: number): Array<{ dn: number; monthly: boolean }> {
  const found = new Map<number, boolean>()
  let friday = todayDn + ((5 - weekday(todayDn) + 7) % 7)
  for (let k = 0; k < WEEKLIES; k++, friday += 7) found.set(friday, false)
  const today = new Date(todayDn * DAY_MS)
  for (let m = 0, count = 0; count < MONTHLIES; m++) {
    const tf = thirdFriday(today.getUTCFullYear(), today.getUTCMonth() + m)
    if (tf < todayDn) continue
    found.set(tf, true)
    count++
  }
  const out = new Map<number, boolean>()
  for (const [dn, monthly] of found) {
    const adjusted = tradingOnOrBefore(dn)
    if (adjusted >= todayDn) out.set(adjusted, monthly || (out.get(adjusted) ?? false))
  }
  return [...out].map(([dn, monthly]) => ({ dn, monthly })).sort((a, b) => a.dn - b.dn)
}

export function strikeStep(spot: number): number {
  if (spot < 25) return 0.5
  if (spot < 100) return 1
  if (spot < 250) return 2.5
  if (spot < 1000) return 5
  if (spot < 5000) return 10
  return 50
}

/** Standard normal CDF (Abramowitz–Stegun 7.1.26, |error| < 1.5e-7). */
function cdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2
  const t = 1 / (1 + 0.3275911 * z)
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
  const erf = 1 - poly * Math.exp(-z * z)
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2
}

export function blackScholes(
  type: 'call' | 'put',
  spot: number,
  strike: number,
  years: number,
  vol: number,
): number {
  const sd = vol * Math.sqrt(years)
  const d1 = (Math.log(spot / strike) + (RATE + (vol * vol) / 2) * years) / sd
  const d2 = d1 - sd
  const df = Math.exp(-RATE * years)
  return type === 'call' ? spot * cdf(d1) - strike * df * cdf(d2) : strike * df * cdf(-d2) - spot * cdf(-d1)
}

/** OCC symbol: root, yymmdd, C/P, strike × 1000 in 8 digits. */
export function occSymbol(
  underlying: string,
  expiration: string,
  type: 'call' | 'put',
  strike: number,
): string {
  const root = underlying.replace(/[^A-Z0-9]/g, '')
  const ymd = expiration.slice(2).replaceAll('-', '')
  return `${root}${ymd}${type === 'call' ? 'C' : 'P'}${String(Math.round(strike * 1000)).padStart(8, '0')}`
}

const cents = (x: number) => Math.round(x * 100) / 100

export interface ChainInput {
  underlying: string
  spot: number
  /** Daily log-return vol of the underlying. */
  sigma: number
  /** Typical contracts traded per day over the whole chain. */
  dailyContracts: number
  todayDn: number
  key: number
  expiration?: string
}

export function buildChain(input: ChainInput): OptionChain {
  const { underlying, spot, todayDn, key } = input
  const listed = expirationDays(todayDn)
  const expirations = listed.map((e) => isoOf(e.dn))
  const chosen = input.expiration ?? expirations[0]
  const index = chosen ? expirations.indexOf(chosen) : -1
  if (index < 0) return { underlying, expirations, contracts: [] }
  const { dn, monthly } = listed[index]!
  const expiration = expirations[index]!
  const years = (dn - todayDn + 0.3) / 365
  const baseVol = input.sigma * Math.sqrt(252)
  // Put/call mix: a structural bias per symbol plus a daily swing (ln PCR ~ N(−0.33 + bias, 0.45)).
  const lnPcr = -0.33 + 0.2 * normalAt(key, 0, 1) + 0.45 * normalAt(key, todayDn, 2)
  const tilt = Math.exp(lnPcr / 2)
  const expiryWeight = Math.exp(-(dn - todayDn) / 10) * (monthly ? 1.6 : 1)
  const width = Math.max(0.03, 1.5 * baseVol * Math.sqrt(years))
  const step = strikeStep(spot)
  const center = Math.round(spot / step) * step
  const contracts: OptionContract[] = []
  for (let k = -STRIKES_EACH_SIDE; k <= STRIKES_EACH_SIDE; k++) {
    const strike = Math.round((center + k * step) * 1000) / 1000
    if (strike <= 0) continue
    const m = Math.log(strike / spot)
    const vol = baseVol * Math.min(3, Math.max(0.5, 1 - 0.6 * m + 2 * m * m))
    const activity = input.dailyContracts * 0.04 * expiryWeight * Math.exp(-((m / width) ** 2))
    for (const type of ['call', 'put'] as const) {
      const salt = Math.round(strike * 1000) * 2 + (type === 'call' ? 0 : 1)
      const mid = blackScholes(type, spot, strike, years, vol)
      const half = Math.max(0.01, 0.02 * mid + 0.01)
      const noise = Math.exp(0.5 * normalAt(key, todayDn * 64 + index, salt) - 0.125)
      const volume = Math.round(activity * (type === 'put' ? tilt : 1 / tilt) * noise)
      const oi = Math.round(
        activity * 4 * Math.exp(0.3 * normalAt(key, dn, salt)) * (0.9 + 0.2 * uniformAt(key, todayDn, salt)),
      )
      const bid = Math.max(0, cents(mid - half))
      const ask = Math.max(0.01, cents(mid + half))
      const traded = cents(mid * (1 + 0.02 * normalAt(key, todayDn * 64 + index, salt + 1e6)))
      contracts.push({
        symbol: occSymbol(underlying, expiration, type, strike),
        underlying,
        expiration,
        strike,
        type,
        volume,
        open_interest: oi,
        bid,
        ask,
        last: volume > 0 ? Math.min(ask, Math.max(bid, traded, 0.01)) : null,
      })
    }
  }
  return { underlying, expirations, contracts }
}
