/**
 * Earnings: the calendar between two dates (at most 60 days apart), and the upcoming reports of
 * the symbols the caller holds. Events ascend by date (before-open reports first), then symbol,
 * and are paged by keyset on that order. Provider answers are cached for 60 s.
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Cache } from '../../../platform/cache/index.ts'
import type { Clock } from '../../../platform/clock.ts'
import { addDays, DAY_MS } from '../../../kernel/dates.ts'
import { UnprocessableError } from '../../../platform/http/errors.ts'
import {
  badCursor,
  resolvePage,
  type CursorKey,
  type PageQueryInput,
  type PageResult,
} from '../../../platform/http/pagination.ts'
import { nyDate } from '../../../kernel/calendar/nyse.ts'
import type { EarningsEvent, EarningsProvider } from '../../../providers/market-data/index.ts'
import type { Portfolio } from '../../portfolio/index.ts'
import { DEFAULT_DAYS, MAX_RANGE_DAYS } from './earnings.schemas.ts'
import { keysetPage } from './lib/keyset.ts'

const TTL_MS = 60_000
const HOUR_RANK: Record<string, number> = { bmo: 0, dmh: 1, amc: 2 }

const ms = (date: string) => Date.parse(`${date}T00:00:00Z`)

/** The sort key: date, hour (bmo, dmh, amc, unknown), symbol, fiscal period. */
function keyOf(e: EarningsEvent): [string, number, string, number] {
  return [e.date, e.hour === null ? 3 : (HOUR_RANK[e.hour] ?? 3), e.symbol, e.year * 10 + e.quarter]
}

function compare(a: CursorKey, b: CursorKey): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i]
    const y = b[i]
    if (x === y) continue
    if (typeof x === 'number' && typeof y === 'number') return x - y
    return String(x) < String(y) ? -1 : 1
  }
  return 0
}

function position(key: CursorKey | null): CursorKey | null {
  if (!key) return null
  const [date, rank, symbol, period] = key
  const ok =
    key.length === 4 &&
    typeof date === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(date) &&
    typeof rank === 'number' &&
    typeof symbol === 'string' &&
    typeof period === 'number'
  if (!ok) throw badCursor()
  return key
}

export interface CalendarInput {
  from?: string | undefined
  to?: string | undefined
  symbols?: string[] | undefined
}

/** from + 14 days; a from within 14 days of the year 10000 has no such day (422, not a 500). */
function defaultTo(from: string): string {
  try {
    return addDays(from, DEFAULT_DAYS)
  } catch {
    throw UnprocessableError.field(
      ['query', 'from'],
      `from (${from}) + ${DEFAULT_DAYS} days is past 9999-12-31; give to`,
      'date_range',
    )
  }
}

export class EarningsService {
  constructor(
    private readonly deps: {
      earnings: EarningsProvider
      cache: Cache
      clock: Clock
      /** Portfolio's holdings: what the tenant holds in every account, each holding carried forward. */
      holdings: Pick<Portfolio['holdings'], 'latest'>
    },
  ) {}

  /** from defaults to today (New York), to to from + 14 days; from ≤ to ≤ from + 60 days. */
  async calendar(q: CalendarInput, page: PageQueryInput): Promise<PageResult<EarningsEvent>> {
    const from = q.from ?? nyDate(this.deps.clock.now())
    const to = q.to ?? defaultTo(from)
    if (from > to) {
      throw UnprocessableError.field(
        ['query', 'from'],
        `from (${from}) must not be after to (${to})`,
        'date_range',
      )
    }
    const span = Math.round((ms(to) - ms(from)) / DAY_MS)
    if (span > MAX_RANGE_DAYS) {
      throw UnprocessableError.field(
        ['query', 'to'],
        `the range from ${from} to ${to} spans ${span} days; at most ${MAX_RANGE_DAYS} are allowed`,
        'date_range',
      )
    }
    const symbols = q.symbols?.length ? [...new Set(q.symbols.map((s) => s.toUpperCase()))].sort() : undefined
    return this.#page(from, to, symbols, page)
  }

  /** Reports of the caller's open positions dated today (New York) through today + days; none held → empty page. */
  async upcoming(
    scope: RequestScope,
    days: number | undefined,
    page: PageQueryInput,
  ): Promise<PageResult<EarningsEvent>> {
    const held = await this.deps.holdings.latest(scope.tenantId)
    const symbols = [...new Set(held.map((h) => h.symbol.toUpperCase()))].sort()
    const req = resolvePage(page)
    if (!symbols.length) return { items: [], next_cursor: null, page: req.page, page_size: req.pageSize }
    const from = nyDate(this.deps.clock.now())
    return this.#page(from, addDays(from, days ?? DEFAULT_DAYS), symbols, page)
  }

  async #page(
    from: string,
    to: string,
    symbols: string[] | undefined,
    page: PageQueryInput,
  ): Promise<PageResult<EarningsEvent>> {
    const req = resolvePage(page)
    const after = position(req.after)
    const key = `content:earnings:${from}:${to}:${symbols?.join(',') ?? '*'}`
    const { value } = await this.deps.cache.wrap(key, TTL_MS, () =>
      this.deps.earnings.calendar(from, to, symbols),
    )
    const wanted = symbols ? new Set(symbols) : null
    const events = value
      .filter((e) => e.date >= from && e.date <= to && (!wanted || wanted.has(e.symbol.toUpperCase())))
      .sort((a, b) => compare(keyOf(a), keyOf(b)))
    return keysetPage(events, req, keyOf, (e) => !!after && compare(keyOf(e), after) > 0)
  }
}
