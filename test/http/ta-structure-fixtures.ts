/** Shared by the ta-structure tests: a market whose bars per symbol and interval the test sets. */
import { UpstreamServerError } from '../../src/platform/upstream-errors.ts'
import { SimulatedMarketData, type Bar, type BarsQuery } from '../../src/providers/market-data/index.ts'

/** The simulated market's instruments, with the bars the test sets (none otherwise); failing intervals throw. */
export class StructureMarket extends SimulatedMarketData {
  readonly series: Record<string, Partial<Record<string, Bar[]>>> = {}
  readonly failing = new Set<string>()

  set(symbol: string, interval: string, bars: Bar[]): void {
    ;(this.series[symbol] ??= {})[interval] = bars
  }

  override async bars(symbol: string, query: BarsQuery): Promise<Bar[]> {
    if (this.failing.has(query.interval))
      throw new UpstreamServerError('bars down', { provider: 'test', status: 503 })
    const all = this.series[symbol]?.[query.interval] ?? []
    return query.limit ? all.slice(-query.limit) : all
  }
}
