/**
 * The deterministic simulated content (offline default): news, earnings calendar, call transcripts
 * and insider filings for a given universe. Everything is a pure function of (seed, symbol, date);
 * the clock only decides what is already public, so nothing from the future leaks out.
 */
import type { Clock } from '../../../../platform/clock.ts'
import type {
  EarningsEvent,
  EarningsProvider,
  InsiderProvider,
  InsiderTransaction,
  NewsItem,
  NewsProvider,
  NewsQuery,
  Transcript,
  TranscriptsProvider,
} from '../../market-data.port.ts'
import { EarningsBook } from './earnings.ts'
import type { EarningsModel } from './earnings.ts'
import { insiderQuarter } from './insider.ts'
import { companyNewsOn, generalNewsOn } from './news.ts'
import type { Company } from './shared.ts'
import { isOperating, seededPrice } from './shared.ts'

export type { Company } from './shared.ts'
import { transcriptFor } from './transcripts.ts'
import { addDays, DAY_MS } from '../../../../kernel/dates.ts'
import { DATE, isBusinessDay, nextQuarter, nyDay, quarterOf, shiftBusinessDays } from './random.ts'

export interface SimulatedContentDeps {
  clock: Clock
  /** The universe; an Instrument list fits as is. Funds and indices get news only. */
  instruments: readonly Company[]
  seed?: string
  /** The share price of a symbol on a trading date (e.g. the simulated market's close); null when unknown. */
  priceOf?: (symbol: string, date: string) => number | null
}

const DEFAULT_NEWS_DAYS = 7
const DEFAULT_NEWS_LIMIT = 50
const MAX_NEWS_LIMIT = 500
// Vendors keep about a year of news and a few decades of filings; bounding the windows also
// bounds the work an unbounded query could cause.
const MAX_NEWS_DAYS = 366
const MAX_YEARS_BACK = 20
const MAX_YEARS_AHEAD = 2
const MAX_TRANSCRIPTS = 40

function assertDate(date: string): void {
  if (!DATE.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) {
    throw new RangeError(`Invalid date ${JSON.stringify(date)}: expected YYYY-MM-DD`)
  }
}

export class SimulatedContent
  implements NewsProvider, EarningsProvider, TranscriptsProvider, InsiderProvider
{
  readonly name = 'simulated'
  readonly #seed: string
  readonly #clock: Clock
  readonly #companies: Map<string, Company>
  readonly #book: EarningsBook
  readonly #priceOf: SimulatedContentDeps['priceOf']

  constructor(deps: SimulatedContentDeps) {
    this.#seed = deps.seed ?? 'sextant'
    this.#clock = deps.clock
    this.#priceOf = deps.priceOf
    this.#companies = new Map(
      deps.instruments.map((i) => [i.symbol.toUpperCase(), { ...i, symbol: i.symbol.toUpperCase() }]),
    )
    this.#book = new EarningsBook(this.#seed)
  }

  /** Known companies among `symbols` (deduplicated, case-insensitive), or all of them. */
  #select(symbols: readonly string[] | undefined, reporting: boolean): Company[] {
    const list = symbols
      ? [...new Set(symbols.map((s) => s.toUpperCase()))].flatMap((s) => this.#companies.get(s) ?? [])
      : [...this.#companies.values()]
    return reporting ? list.filter(isOperating) : list
  }

  #price(symbol: string, date: string): number {
    const day = isBusinessDay(date) ? date : shiftBusinessDays(date, -1)
    return this.#priceOf?.(symbol, day) ?? seededPrice(this.#seed, symbol, day)
  }

  #yearBounds(fromYear: number, toYear: number): [number, number] {
    const year = this.#clock.now().getUTCFullYear()
    return [Math.max(fromYear, year - MAX_YEARS_BACK), Math.min(toYear, year + MAX_YEARS_AHEAD)]
  }

  async news(query: NewsQuery): Promise<NewsItem[]> {
    const now = this.#clock.now()
    const until = new Date(Math.min(query.until?.getTime() ?? now.getTime(), now.getTime()))
    const since = query.since ?? new Date(until.getTime() - DEFAULT_NEWS_DAYS * DAY_MS)
    const limit = Math.min(Math.max(0, Math.floor(query.limit ?? DEFAULT_NEWS_LIMIT)), MAX_NEWS_LIMIT)
    if (limit === 0 || since.getTime() >= until.getTime()) return []
    const companies = query.symbols ? this.#select(query.symbols, false) : null
    const lastDay = nyDay(until)
    const oldest = addDays(lastDay, -MAX_NEWS_DAYS)
    const firstDay = nyDay(since) > oldest ? nyDay(since) : oldest
    const found: NewsItem[] = []
    // Walk back a day at a time; once a whole day is in and the limit is reached, older days can
    // only add older items.
    for (let day = lastDay; day >= firstDay && found.length < limit; day = addDays(day, -1)) {
      const items = companies
        ? companies.flatMap((company) =>
            companyNewsOn(this.#seed, {
              company,
              date: day,
              price: this.#price(company.symbol, day),
              reports: !isOperating(company) ? [] : this.#book.reportedIn(company, Number(day.slice(0, 4))),
            }),
          )
        : generalNewsOn(this.#seed, day)
      for (const item of items) {
        const t = Date.parse(item.published_at)
        if (
          t > since.getTime() &&
          t <= until.getTime() &&
          (!query.category || item.category === query.category)
        ) {
          found.push(item)
        }
      }
    }
    return found
      .sort((a, b) => b.published_at.localeCompare(a.published_at) || a.id.localeCompare(b.id))
      .slice(0, limit)
  }

  #event(model: EarningsModel, now: Date): EarningsEvent {
    const released = model.releaseAt.getTime() <= now.getTime()
    return {
      symbol: model.symbol,
      date: model.date,
      hour: model.hour,
      quarter: model.quarter,
      year: model.year,
      eps_estimate: model.epsEstimate,
      eps_actual: released ? model.epsActual : null,
      revenue_estimate: model.revenueEstimate,
      revenue_actual: released ? model.revenueActual : null,
    }
  }

  async calendar(from: string, to: string, symbols?: string[]): Promise<EarningsEvent[]> {
    assertDate(from)
    assertDate(to)
    const now = this.#clock.now()
    // A report dated in year Y belongs to Y's first three quarters or Y-1's fourth.
    const [first, last] = this.#yearBounds(Number(from.slice(0, 4)), Number(to.slice(0, 4)))
    const events: EarningsEvent[] = []
    for (const company of this.#select(symbols, true)) {
      for (let year = first; year <= last; year++) {
        for (const model of this.#book.reportedIn(company, year)) {
          if (model.date >= from && model.date <= to) events.push(this.#event(model, now))
        }
      }
    }
    const hourRank = (h: EarningsEvent['hour']) => (h === 'bmo' ? 0 : 1)
    return events.sort(
      (a, b) =>
        a.date.localeCompare(b.date) ||
        hourRank(a.hour) - hourRank(b.hour) ||
        a.symbol.localeCompare(b.symbol),
    )
  }

  async transcripts(symbol: string, limit: number): Promise<Transcript[]> {
    const company = this.#select([symbol], true)[0]
    const count = Math.min(Math.max(0, Math.floor(limit)), MAX_TRANSCRIPTS)
    if (!company || count === 0) return []
    return this.#book.pastReports(company, this.#clock.now(), count).map((event) => {
      const next = nextQuarter(event.year, event.quarter)
      return transcriptFor(this.#seed, {
        company,
        event,
        yearAgo: this.#book.event(company, event.year - 1, event.quarter),
        next: this.#book.event(company, next.year, next.quarter),
      })
    })
  }

  async insiderTransactions(symbols: string[], from: string, to: string): Promise<InsiderTransaction[]> {
    assertDate(from)
    assertDate(to)
    const now = this.#clock.now()
    const today = nyDay(now)
    const end = to < today ? to : today
    if (from > end) return []
    const [firstYear] = this.#yearBounds(Number(from.slice(0, 4)), Number(end.slice(0, 4)))
    const start = from.slice(0, 4) === String(firstYear) ? from : `${firstYear}-01-01`
    const lastQuarter = quarterOf(end).year * 4 + quarterOf(end).quarter
    const out: InsiderTransaction[] = []
    for (const company of this.#select(symbols, true)) {
      const priceOf = (date: string) => this.#price(company.symbol, date)
      for (
        let q = quarterOf(start);
        q.year * 4 + q.quarter <= lastQuarter;
        q = nextQuarter(q.year, q.quarter)
      ) {
        for (const t of insiderQuarter(this.#seed, company.symbol, q.year, q.quarter, priceOf)) {
          // Only what the SEC has already published: filed by now, within the inclusive range.
          const filed = t.filed_at === null || Date.parse(t.filed_at) <= now.getTime()
          if (t.transaction_date >= from && t.transaction_date <= end && filed) out.push(t)
        }
      }
    }
    return out.sort(
      (a, b) =>
        b.transaction_date.localeCompare(a.transaction_date) ||
        (b.filed_at ?? '').localeCompare(a.filed_at ?? '') ||
        a.symbol.localeCompare(b.symbol) ||
        a.insider_name.localeCompare(b.insider_name),
    )
  }
}

export function createSimulatedContent(deps: SimulatedContentDeps): SimulatedContent {
  return new SimulatedContent(deps)
}
