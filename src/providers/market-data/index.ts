/** Picks the market-data provider from configuration (only the simulated one exists so far). */
import type { Clock } from '../../platform/clock.ts'
import type { MarketDataProvider } from './market-data.port.ts'
import { SimulatedMarketData } from './simulated.ts'

export type { MarketDataProvider, Quote } from './market-data.port.ts'
export { SimulatedMarketData } from './simulated.ts'

export function createMarketData(deps: { clock: Clock }): MarketDataProvider {
  return new SimulatedMarketData(deps)
}
