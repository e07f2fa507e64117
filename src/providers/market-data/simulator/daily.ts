/**
 * Daily closes from a factor model: r = β·market + γ·sector + idiosyncratic, each shock seeded
 * by its own key and the calendar day number, so a symbol's series does not depend on what else
 * was asked. Market vol scales with a simulated VIX (mean-reverting around 17, moving against the
 * market). Each walk is anchored so the close on ANCHOR_DATE is the symbol's reference price.
 */
import { indexAtOrBefore, simDays, dayNumberOf } from './calendar.ts'
import { hashString, normalAt, uniformAt } from './random.ts'
import { MARKET_VOL, SECTOR_PARAMS, type Profile } from './universe.ts'
import { sessionVolumeShare } from './volume-shape.ts'

export const ANCHOR_DATE = '2025-07-01'
/** An early close's volume relative to a full day's, from the intraday volume shape (about 0.62). */
const EARLY_CLOSE_VOLUME = sessionVolumeShare(330, 210, 240)
/** Holiday sessions are thinner still than their length: many desks are away. */
const HOLIDAY_THIN = 0.8
const VIX_MEAN = Math.log(17)
/**
 * Stationary standard deviation of a price's log distance from its trend line: about ±16%, so
 * five years stay within roughly 0.5×–2× of the reference price however volatile the name.
 */
const LEVEL_SPREAD = 0.16

/**
 * The trend (log growth per day) and the daily pull κ back to it, or null for a product that
 * must track its underlying exactly (an index on its ETF). κ = σ²/(2·s²) makes the spread of
 * the level s whatever the daily vol σ, while each day's move keeps its full size.
 */
function anchoredTrend(p: Profile): { trend: number; pull: number } | null {
  if (p.kind === 'vix') return null
  if (p.kind === 'derived' && p.leverage === 1 && p.noise === 0) return null
  const trend = p.kind === 'factor' ? p.drift - (p.sigma * p.sigma) / 2 : -p.fee
  return { trend, pull: (p.sigma * p.sigma) / (2 * LEVEL_SPREAD * LEVEL_SPREAD) }
}

/**
 * Turns log-returns r (r[0] unused) into closes with out[anchor] = ref. With a trend, the log
 * level is an Ornstein–Uhlenbeck deviation around a trend line through ref: the deviation is
 * filtered forward from the table's start, so every day's value is fixed whatever is asked. From
 * the anchor on the line rises at `trend` a day; before it, it climbs from `start` on the table's
 * first day (the symbol's real history), so a decade back a grown company is priced far lower.
 */
function anchorLevels(
  out: Float64Array,
  r: Float64Array,
  ref: number,
  anchor: number,
  ou: { trend: number; pull: number } | null,
  start: number | null,
): void {
  const n = out.length
  const dev = new Float64Array(n)
  let y = 0
  for (let t = 1; t < n; t++) {
    y = ou ? (1 - ou.pull) * y + (r[t]! - ou.trend) : y + r[t]!
    dev[t] = y
  }
  const at = dev[anchor]!
  const trend = ou?.trend ?? 0
  const before = ou && start !== null && anchor > 0 ? Math.log(ref / start) / anchor : trend
  for (let t = 0; t < n; t++)
    out[t] = ref * Math.exp((t < anchor ? before : trend) * (t - anchor) + dev[t]! - at)
}

export interface DailyBar {
  o: number
  h: number
  l: number
  c: number
  v: number
}

/** Cents above $1, four decimals below (penny stocks and decayed inverse funds). */
export const px = (x: number): number =>
  x >= 1 ? Math.round(x * 100) / 100 : Math.max(0.0001, Math.round(x * 10_000) / 10_000)

export class DailyModel {
  readonly days = simDays()
  readonly anchor = indexAtOrBefore(dayNumberOf(ANCHOR_DATE))
  private market: { r: Float64Array; vix: Float64Array } | null = null
  private readonly sectors = new Map<string, Float64Array>()
  private readonly closes = new Map<string, Float64Array>()

  constructor(
    readonly seed: string,
    private readonly lookup: (symbol: string) => Profile,
  ) {}

  key(name: string): number {
    return hashString(`${this.seed}:${name}`)
  }

  /** Market log-returns and the VIX level per day, simulated forward from the table's start. */
  marketSeries(): { r: Float64Array; vix: Float64Array } {
    if (this.market) return this.market
    const n = this.days.length
    const r = new Float64Array(n)
    const vix = new Float64Array(n)
    const mk = this.key('market')
    const vk = this.key('vix')
    let lv = VIX_MEAN
    for (let t = 0; t < n; t++) {
      const dn = this.days[t]!.dayNumber
      const scale = Math.exp(0.8 * (lv - VIX_MEAN)) // calm markets move less
      r[t] = MARKET_VOL * scale * normalAt(mk, dn, 0)
      lv += 0.06 * (VIX_MEAN - lv) - 4 * r[t]! + 0.035 * normalAt(vk, dn, 0)
      lv = Math.min(Math.log(80), Math.max(Math.log(9), lv))
      vix[t] = Math.exp(lv)
    }
    this.market = { r, vix }
    return this.market
  }

  private sectorShocks(sector: string): Float64Array {
    let s = this.sectors.get(sector)
    if (!s) {
      const key = this.key(`sector:${sector}`)
      const vol = SECTOR_PARAMS[sector]?.vol ?? 0.007
      s = Float64Array.from(this.days, (d) => vol * normalAt(key, d.dayNumber, 0))
      this.sectors.set(sector, s)
    }
    return s
  }

  /** Unrounded closes of a symbol for every day of the table. */
  closeSeries(symbol: string): Float64Array {
    const cached = this.closes.get(symbol)
    if (cached) return cached
    const p = this.lookup(symbol)
    const n = this.days.length
    const out = new Float64Array(n)
    if (p.kind === 'vix') {
      out.set(this.marketSeries().vix)
    } else {
      const r = new Float64Array(n) // log-returns; r[0] unused
      const key = this.key(`sym:${symbol}`)
      if (p.kind === 'factor') {
        const m = this.marketSeries().r
        const s = p.sector && p.sectorLoad ? this.sectorShocks(p.sector) : null
        const drift = p.drift - (p.sigma * p.sigma) / 2
        for (let t = 1; t < n; t++) {
          const idio = p.idio * normalAt(key, this.days[t]!.dayNumber, 0)
          r[t] = drift + p.beta * m[t]! + (s ? p.sectorLoad * s[t]! : 0) + idio
        }
      } else {
        // Daily-rebalanced leverage on the underlying's simple return.
        const u = this.closeSeries(p.underlying)
        for (let t = 1; t < n; t++) {
          const simple = p.leverage * (u[t]! / u[t - 1]! - 1)
          const noise = p.noise * normalAt(key, this.days[t]!.dayNumber, 0)
          r[t] = Math.log(Math.max(0.01, 1 + simple)) - p.fee + noise
        }
      }
      anchorLevels(out, r, p.ref, this.anchor, anchoredTrend(p), p.start)
    }
    this.closes.set(symbol, out)
    return out
  }

  /** The daily bar of day index i ≥ 1 (rounded prices). */
  dailyBar(symbol: string, i: number): DailyBar {
    const p = this.lookup(symbol)
    const closes = this.closeSeries(symbol)
    const prev = px(closes[i - 1]!)
    const c = px(closes[i]!)
    const key = this.key(`bar:${symbol}`)
    const dn = this.days[i]!.dayNumber
    const r = Math.log(c / prev)
    const sigma = p.kind === 'vix' ? p.sigma : p.sigma * Math.sqrt(this.marketSeries().vix[i]! / 17)
    // The overnight gap carries part of the day's move, as real opens do.
    const o = px(prev * Math.exp(0.3 * r + 0.15 * sigma * normalAt(key, dn, 0)))
    const h = Math.max(px(Math.max(o, c) * Math.exp(0.55 * sigma * Math.abs(normalAt(key, dn, 1)))), o, c)
    const l = Math.min(px(Math.min(o, c) * Math.exp(-0.55 * sigma * Math.abs(normalAt(key, dn, 2)))), o, c)
    let v = 0
    if (p.avgVolume > 0) {
      // An early close trades the minutes it has (the same volume per minute of the day) and
      // is a quiet holiday session: no news spikes, and a big move draws little extra volume.
      const early = this.days[i]!.earlyClose
      const surprise = (r / sigma) ** 2
      const spike = !early && uniformAt(key, dn, 10) < 0.03 ? 2 + 2 * uniformAt(key, dn, 11) : 1
      const noise = Math.exp((early ? 0.12 : 0.3) * normalAt(key, dn, 3) - (early ? 0.0072 : 0.045))
      const reaction = 0.75 + 0.25 * Math.min(surprise, early ? 1 : 12)
      v = Math.round(p.avgVolume * noise * reaction * spike * (early ? EARLY_CLOSE_VOLUME * HOLIDAY_THIN : 1))
    }
    return { o, h, l, c, v }
  }
}
