/** Shared set-up of the alerts HTTP tests: a small simulated universe and a session-time clock. */
import { fixedClock } from '../../src/platform/clock.ts'
import { SimulatedMarketData, type Instrument } from '../../src/providers/market-data/index.ts'

/** Wednesday 2026-11-25, 10:00 New York: the regular session is trading. */
export const T1 = '2026-11-25T15:00:00Z'
export const SYMBOLS = new Set(['AAPL', 'MSFT', 'NVDA', 'JPM', 'JNJ', 'XOM', 'KO', 'PG', 'T', 'SPY'])

/** The simulated market, its universe cut to a few symbols (the screener snapshot reads it all). */
export class SmallMarket extends SimulatedMarketData {
  override async universe(): Promise<Instrument[]> {
    return (await super.universe()).filter((i) => SYMBOLS.has(i.symbol))
  }
}

export function alertsWorld() {
  const clock = fixedClock(T1)
  return { clock, market: new SmallMarket({ clock }) }
}

export const rule = (over: Record<string, unknown> = {}) => ({
  alert_type: 'price_above',
  params: { symbol: 'AAPL', threshold: '100' },
  channels: ['in_app'],
  frequency: 'once_per_session',
  ...over,
})
