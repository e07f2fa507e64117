/**
 * Builds one columnar snapshot of the whole universe for one session: the instruments, the daily-bar
 * fields (lib/bar-metrics.ts), P/E from the trailing reported EPS, the trailing dividend yield and,
 * for the current session only, the confluence scores. Row i of every column is `symbols[i]`.
 * A past session (`as_of`) uses only bars up to that session (the later bars only give the forward
 * returns), and the fields that cannot be known point-in-time are null with their source saying so.
 */
import type { Bar, Instrument } from '../../../providers/market-data/index.ts'
import { FIELDS, type SourceId } from './lib/catalog.ts'
import { barFields, dateOf, forwardReturns, returnsByDate } from './lib/bar-metrics.ts'
import type { Snapshot } from './lib/snapshot.ts'
import {
  readBars,
  readTtmDividends,
  readTtmEps,
  readUniverse,
  type SourceDeps,
} from './snapshot-sources.service.ts'

export const BETA_BENCHMARK = 'SPY'

export interface ForwardReturns {
  d1: number | null
  d5: number | null
  d20: number | null
}

/** A snapshot and, for a past session, each row's forward returns (same row order). */
export interface Built {
  snapshot: Snapshot
  forward?: ForwardReturns[]
  /** The daily closes of the session and the 90 before it, by symbol (the portfolio correlation). */
  closes: Map<string, { dates: string[]; closes: number[] }>
}

/** Fields filled per request, not in the shared snapshot: the caller's own data. */
const PER_REQUEST: ReadonlySet<SourceId> = new Set(['portfolio', 'intraday', 'options_flow', 'discovery'])
const CLOSE_WINDOW = 91

type Sources = Snapshot['sources']

function sourcesOf(session: string, builtAt: string, past: boolean, degraded: Set<SourceId>): Sources {
  const perRequest = 'computed per request from your own data'
  const pointInTime = 'not known point-in-time for a past session: null'
  const fail = (id: SourceId, ok: string) =>
    degraded.has(id) ? `degraded: the provider failed; fields null` : ok
  return {
    instrument: {
      label: 'Instrument reference data (market-data provider)',
      as_of: builtAt.slice(0, 10),
      ...(past ? { note: 'market cap scaled to the session close (shares outstanding as now)' } : {}),
    },
    daily_bars: { label: 'Daily bars (market-data provider)', as_of: session },
    earnings: {
      label: 'Reported EPS (earnings provider)',
      as_of: degraded.has('earnings') ? null : session,
      note: fail('earnings', 'trailing four reported quarters'),
    },
    dividends: {
      label: 'Cash dividends (dividends provider)',
      as_of: degraded.has('dividends') ? null : session,
      note: fail('dividends', 'ex-dates of the trailing 365 days'),
    },
    intraday: {
      label: 'Intraday setup signals',
      as_of: past ? null : session,
      note: past ? pointInTime : perRequest,
    },
    options_flow: {
      label: 'Options-flow readings',
      as_of: past ? null : session,
      note: past ? pointInTime : perRequest,
    },
    discovery: {
      label: 'Discovery opportunity scores',
      as_of: past ? null : session,
      note: past ? pointInTime : perRequest,
    },
    ta_confluence: {
      label: 'Technical-analysis confluence (daily)',
      as_of: past || degraded.has('ta_confluence') ? null : session,
      note: past ? pointInTime : fail('ta_confluence', 'daily timeframe score, −100…100'),
    },
    portfolio: {
      label: 'Your portfolio',
      as_of: null,
      note: 'computed per request from your current holdings',
    },
  }
}

export interface BuildInput {
  session: string
  builtAt: Date
  /** The last date to read bars to: the session itself, or today for a past session (forward returns). */
  end: string
  past: boolean
  confluence?: (symbols: readonly string[]) => Promise<Map<string, number> | null>
}

/** The session index of each symbol's bars (its bar dated `session`), or -1 without one. */
function sessionIndex(bars: readonly Bar[], session: string): number {
  for (let i = bars.length - 1; i >= 0; i--) {
    const d = dateOf(bars[i]!)
    if (d === session) return i
    if (d < session) return -1
  }
  return -1
}

export async function buildSnapshot(d: SourceDeps, input: BuildInput): Promise<Built> {
  const universe = await readUniverse(d)
  const symbols = universe.map((u) => u.symbol)
  const { session } = input
  const [bars, eps, dividends, confluence] = await Promise.all([
    readBars(d, symbols, session, input.end),
    readTtmEps(d, symbols, session),
    readTtmDividends(d, symbols, session),
    input.past || !input.confluence ? Promise.resolve(undefined) : input.confluence(symbols),
  ])
  const degraded = new Set<SourceId>()
  if (!eps) degraded.add('earnings')
  if (!dividends) degraded.add('dividends')
  if (confluence === null) degraded.add('ta_confluence')
  const cols = new Columns(symbols.length)
  const spyBars = bars.get(BETA_BENCHMARK) ?? []
  const spyT = sessionIndex(spyBars, session)
  const spy = returnsByDate(spyBars.slice(0, spyT + 1))
  const forward: ForwardReturns[] = []
  const closes = new Map<string, { dates: string[]; closes: number[] }>()
  universe.forEach((inst, i) => {
    const list = bars.get(inst.symbol) ?? []
    const t = sessionIndex(list, session)
    cols.identity(i, inst)
    forward.push(t >= 0 ? forwardReturns(list, t) : { d1: null, d5: null, d20: null })
    if (t < 0) return
    const window = list.slice(Math.max(0, t - CLOSE_WINDOW + 1), t + 1)
    closes.set(inst.symbol, { dates: window.map(dateOf), closes: window.map((b) => b.close) })
    const f = barFields(list, t, spy)
    cols.set(i, f.current, f.previous)
    const price = f.current.price!
    const cap = inst.market_cap
    const last = list.at(-1)!.close
    cols.num('market_cap')[i] = cap === null ? NaN : input.past ? (cap * price) / last : cap
    const e = eps?.get(inst.symbol)
    cols.num('pe')[i] = e !== undefined && e > 0 ? price / e : NaN
    cols.num('dividend_yield')[i] = dividends ? ((dividends.get(inst.symbol) ?? 0) / price) * 100 : NaN
    cols.num('confluence_score')[i] = confluence?.get(inst.symbol) ?? NaN
  })
  const builtAt = input.builtAt.toISOString()
  const snapshot: Snapshot = {
    as_of: session,
    built_at: builtAt,
    symbols,
    numbers: cols.numbers,
    previous: cols.previous,
    strings: cols.strings,
    sources: sourcesOf(session, builtAt, input.past, degraded),
  }
  return { snapshot, closes, ...(input.past ? { forward } : {}) }
}

/** The snapshot's columns, every one allocated up front (NaN / null = not known). */
class Columns {
  readonly numbers = new Map<string, Float64Array>()
  readonly previous = new Map<string, Float64Array>()
  readonly strings = new Map<string, Array<string | null>>()

  constructor(size: number) {
    for (const f of FIELDS) {
      if (PER_REQUEST.has(f.source) && f.type !== 'string') continue
      if (f.type === 'string') this.strings.set(f.id, new Array<string | null>(size).fill(null))
      else this.numbers.set(f.id, new Float64Array(size).fill(NaN))
      if (f.crossable) this.previous.set(f.id, new Float64Array(size).fill(NaN))
    }
  }

  num(id: string): Float64Array {
    return this.numbers.get(id)!
  }

  identity(i: number, inst: Instrument): void {
    const s = (id: string, v: string | null) => {
      const col = this.strings.get(id)
      if (col) col[i] = v
    }
    s('symbol', inst.symbol)
    s('name', inst.name)
    s('exchange', inst.exchange)
    s('type', inst.type)
    s('sector', inst.sector)
    s('industry', inst.industry)
  }

  set(i: number, current: Record<string, number>, previous: Record<string, number>): void {
    for (const [id, v] of Object.entries(current)) {
      const col = this.numbers.get(id)
      if (col) col[i] = v
    }
    for (const [id, v] of Object.entries(previous)) {
      const col = this.previous.get(id)
      if (col) col[i] = v
    }
  }
}
