/** A fixed FX provider for tests: the given euro fixings and nothing else. */
import type { FxDay, FxProvider } from '../../src/providers/market-data/index.ts'

export function fixedFx(days: FxDay[], name = 'fixed'): FxProvider & { calls: number } {
  const quoted = [...new Set(['EUR', ...days.flatMap((d) => Object.keys(d.rates))])].sort()
  const fx = {
    name,
    calls: 0,
    currencies: async () => quoted,
    dailyRates: async (from: string, to: string) => {
      fx.calls++
      return days.filter((d) => d.date >= from && d.date <= to)
    },
  }
  return fx
}
