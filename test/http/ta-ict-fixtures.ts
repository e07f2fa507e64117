/** Shared by the ta-ict tests: a market answering the bars each test sets, for every interval. */
import { UpstreamServerError } from '../../src/platform/upstream-errors.ts'
import { SimulatedMarketData, type Bar, type BarsQuery } from '../../src/providers/market-data/index.ts'

export { bearer, holdings } from './risk-fixtures.ts'

/** The simulator's instruments (AAPL, MSFT, … known; ZZZZ unknown), with bars the test sets. */
export class IctMarket extends SimulatedMarketData {
  readonly series: Record<string, Bar[]> = {}
  readonly failing = new Set<string>()

  override async bars(symbol: string, query: BarsQuery): Promise<Bar[]> {
    if (this.failing.has(symbol))
      throw new UpstreamServerError('bars down', { provider: 'test', status: 503 })
    const all = this.series[symbol] ?? []
    return query.limit ? all.slice(-query.limit) : all
  }
}
