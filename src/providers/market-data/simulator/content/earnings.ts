/**
 * Simulated quarterly results: one report per symbol and fiscal quarter, on the company's own
 * fiscal calendar and reporting lag (fiscal.ts), on a trading day. Estimates follow a seeded EPS and revenue level with a growth trend; the
 * model always knows the actuals, and the port hides them until the release time has passed.
 */
import type { Company } from './shared.ts'
import { sectorStyle } from './shared.ts'
import { reportDate } from './fiscal.ts'
import { scaleOf } from './fundamentals.ts'
import { nyInstant, previousQuarter, quarterOf, rand, round2 } from './random.ts'

export interface EarningsModel {
  symbol: string
  year: number
  quarter: number
  /** Report date, New York. */
  date: string
  hour: 'bmo' | 'amc'
  /** When the press release crosses the wire. */
  releaseAt: Date
  /** When the conference call starts. */
  callAt: Date
  epsEstimate: number
  epsActual: number
  revenueEstimate: number
  revenueActual: number
  grossMargin: number
  operatingMargin: number
}

interface Profile {
  epsBase: number
  revenueBase: number
  growth: number
  grossMargin: number
  opexShare: number
  hour: 'bmo' | 'amc'
  beatRate: number
}

/**
 * A company's quarterly EPS and revenue level around 2025 (its real scale for the universe's
 * companies, fundamentals.ts; a seeded one for others), growth, margins and reporting habits.
 */
function profile(seed: string, company: Company): Profile {
  const r = rand(seed, company.symbol, 'fundamentals')
  const [gmLo, gmHi] = sectorStyle(company.sector).grossMargin
  const grossMargin = r.between(gmLo, gmHi)
  const seededEps = r.between(0.25, 3.8)
  const seededRevenue = r.logBetween(4e8, 4e10)
  const scale = scaleOf(company.symbol)
  // A per-seed spread of ±8 % around the company's scale.
  const spread = 0.92 + 0.16 * rand(seed, company.symbol, 'scale').next()
  return {
    epsBase: scale ? (scale.eps / 4) * spread : seededEps,
    revenueBase: scale ? (scale.revenue / 4) * spread : seededRevenue,
    growth: r.between(-0.04, 0.22),
    grossMargin,
    // Keeps the operating margin between roughly 5 % and 35 %.
    opexShare: r.between(Math.max(0.08, grossMargin - 0.35), grossMargin - 0.05),
    hour: r.chance(0.55) ? 'amc' : 'bmo',
    beatRate: r.between(0.6, 0.85),
  }
}

/** The full (actuals included) results of one symbol's fiscal quarter. */
export function earningsModel(seed: string, company: Company, year: number, quarter: number): EarningsModel {
  const p = profile(seed, company)
  const r = rand(seed, company.symbol, year, quarter, 'earnings')
  const date = reportDate(company.symbol, year, quarter, r.int(0, 4))
  // Quarters from mid-2025 drive the trend; the fourth quarter is seasonally a little stronger.
  const t = (year - 2025) * 4 + quarter - 2.5
  const trend = (1 + p.growth) ** (t / 4) * (quarter === 4 ? 1.03 : 1)
  // A loss stays a loss (the trend shrinks or deepens it); a profit is at least two cents.
  const eps = round2(p.epsBase * trend * (1 + 0.03 * r.normal()))
  const epsEstimate = p.epsBase < 0 ? eps : Math.max(0.02, eps)
  const beat = r.chance(p.beatRate)
  const surprise = beat ? r.between(0.01, 0.12) : -r.between(0.01, 0.1)
  let epsActual = round2(epsEstimate + Math.abs(epsEstimate) * surprise)
  if (epsActual === epsEstimate) epsActual = round2(epsEstimate + (beat ? 0.01 : -0.01))
  const revenueEstimate = Math.round((p.revenueBase * trend * (1 + 0.02 * r.normal())) / 1e6) * 1e6
  const revenueSurprise = beat ? r.between(-0.005, 0.04) : r.between(-0.04, 0.005)
  const revenueActual = Math.round((revenueEstimate * (1 + revenueSurprise)) / 1e6) * 1e6
  const grossMargin = Math.min(0.9, Math.max(0.05, p.grossMargin + 0.012 * r.normal()))
  const operatingMargin = Math.max(
    0.01,
    grossMargin - p.opexShare + 0.01 * r.normal() + (beat ? 0.005 : -0.005),
  )
  const bmo = p.hour === 'bmo'
  return {
    symbol: company.symbol,
    year,
    quarter,
    date,
    hour: p.hour,
    releaseAt: nyInstant(date, bmo ? 7 : 16, bmo ? 0 : 5),
    callAt: nyInstant(date, bmo ? 8 : 17, bmo ? 30 : 0),
    epsEstimate,
    epsActual,
    revenueEstimate,
    revenueActual,
    grossMargin,
    operatingMargin,
  }
}

/** Caches models per instance; the cache only saves work, it never changes an answer. */
export class EarningsBook {
  readonly #cache = new Map<string, EarningsModel>()

  constructor(private readonly seed: string) {}

  event(company: Company, year: number, quarter: number): EarningsModel {
    const key = `${company.symbol}|${year}|${quarter}`
    let model = this.#cache.get(key)
    if (!model) {
      model = earningsModel(this.seed, company, year, quarter)
      this.#cache.set(key, model)
    }
    return model
  }

  /**
   * Reports dated in calendar year `year`, in date order: fiscal quarters end up to two months
   * after the calendar ones and report within ~10 weeks, so they come from the prior fiscal year's
   * last two quarters and this year's first three.
   */
  reportedIn(company: Company, year: number): EarningsModel[] {
    const candidates: [number, number][] = [
      [year - 1, 3],
      [year - 1, 4],
      [year, 1],
      [year, 2],
      [year, 3],
    ]
    return candidates
      .map(([y, q]) => this.event(company, y, q))
      .filter((e) => Number(e.date.slice(0, 4)) === year)
  }

  /** Reports whose call took place at or before `now`, newest first, at most `limit`. */
  pastReports(company: Company, now: Date, limit: number): EarningsModel[] {
    const out: EarningsModel[] = []
    let q = quarterOf(now.toISOString().slice(0, 10))
    while (out.length < limit) {
      const model = this.event(company, q.year, q.quarter)
      if (model.callAt.getTime() <= now.getTime()) out.push(model)
      q = previousQuarter(q.year, q.quarter)
    }
    return out
  }
}
