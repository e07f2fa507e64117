/**
 * Where a run's trades come from: `replay` reads the tenant's realized trades (portfolio API, through
 * the per-version cache of trade-cache.ts);
 * `sma_cross` generates them from daily closes of params.symbols (lib/sma-cross.ts), read outside any
 * transaction with the slow SMA's warm-up before `from`. A symbol whose read fails yields no trades
 * and is reported in prices.failed.
 */
import type { Logger } from 'pino'
import { mapLimit } from '../../../platform/concurrency.ts'
import { DAY_MS } from '../../../kernel/dates.ts'
import { UnprocessableError } from '../../../platform/http/errors.ts'
import type { MarketDataProvider } from '../../../providers/market-data/market-data.port.ts'
import { MAX_CROSS_SYMBOLS, type BacktestBodyInput } from './backtest.schemas.ts'
import { dayNumber } from './lib/calendar.ts'
import type { SourceTrade } from './lib/select.ts'
import type { RealizedTradeCache } from './trade-cache.service.ts'
import { DEFAULT_FAST, DEFAULT_SLOW, smaCrossTrades, warmupDays } from './lib/sma-cross.ts'

export interface Source {
  trades: SourceTrade[]
  failed: string[]
}

const invalid = (field: string, msg: string) => UnprocessableError.field(['body', 'params', field], msg)

export function realizedSource(
  cache: Pick<RealizedTradeCache, 'read'>,
  tenantId: number,
  q: { accountId?: number; from: string; to: string },
): Promise<Source> {
  return cache.read(tenantId, q).then((trades) => ({ trades, failed: [] }))
}

/** The fast/slow periods of sma_cross, checked (fast < slow). */
export function crossPeriods(p: NonNullable<BacktestBodyInput['params']>) {
  const fast = p.fast_period ?? DEFAULT_FAST
  const slow = p.slow_period ?? DEFAULT_SLOW
  if (fast >= slow) throw invalid('fast_period', `must be below slow_period (${slow})`)
  return { fast, slow }
}

export async function crossSource(
  deps: { market: Pick<MarketDataProvider, 'bars'>; log: Logger },
  symbols: readonly string[],
  range: { from: string; to: string },
  periods: { fast: number; slow: number },
): Promise<Source> {
  if (!symbols.length) throw invalid('symbols', 'sma_cross needs at least one symbol')
  if (symbols.length > MAX_CROSS_SYMBOLS)
    throw invalid('symbols', `sma_cross takes at most ${MAX_CROSS_SYMBOLS}`)
  const from = dayNumber(range.from)
  const to = dayNumber(range.to)
  const start = new Date((from - warmupDays(periods.slow)) * DAY_MS)
  const end = new Date((to + 1) * DAY_MS)
  const failed: string[] = []
  const lists = await mapLimit(symbols, 8, async (symbol) => {
    try {
      return await deps.market.bars(symbol, { interval: '1d', start, end })
    } catch (err) {
      deps.log.warn({ err, symbol }, 'backtest: daily bars unavailable, no sma_cross trades')
      failed.push(symbol)
      return []
    }
  })
  const trades: SourceTrade[] = []
  symbols.forEach((symbol, i) => {
    trades.push(...smaCrossTrades(symbol, lists[i]!, { from, to }, periods, trades.length + 1))
  })
  // The replay reads trades in exit-date order, as realized trades come.
  trades.sort((a, b) => (a.sold_on < b.sold_on ? -1 : a.sold_on > b.sold_on ? 1 : a.id - b.id))
  return { trades, failed: failed.sort() }
}
