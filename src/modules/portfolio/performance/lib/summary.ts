/**
 * The figures of a value series over its range: start and end value, net flows and gain (money,
 * as JSON numbers from integer cents), TWR, MWR, volatility, Sharpe and the max drawdown.
 */
import { mwr, periodOf, type Dated } from './mwr.ts'
import { maxDrawdown, stats, twrChain, type Chain } from './returns.ts'

const money = (cents: number) => cents / 100 // integer cents / 100: the double nearest the decimal

export interface SeriesLine {
  value: ArrayLike<number>
  flows: ArrayLike<number>
}

export function summary(days: readonly string[], line: SeriesLine, riskFree: number, chain?: Chain) {
  const { index, returns } = chain ?? twrChain(line.value, line.flows)
  const n = days.length
  let net = 0
  const dated: Dated[] = []
  for (let t = 1; t < n; t++) {
    const f = line.flows[t]!
    net += f
    if (f !== 0) dated.push({ date: days[t]!, cents: f })
  }
  const start = n ? line.value[0]! : 0
  const end = n ? line.value[n - 1]! : 0
  const annual =
    n > 1 ? mwr({ date: days[0]!, cents: start }, dated, { date: days[n - 1]!, cents: end }) : null
  const dd = maxDrawdown(index)
  const at = (i: number | null) => (i === null ? null : days[i]!)
  const s = stats(returns, riskFree)
  return {
    start_value: money(start),
    end_value: money(end),
    net_flows: money(net),
    gain: money(end - start - net),
    twr: n ? index[n - 1]! - 1 : 0,
    mwr: annual,
    mwr_period: n > 1 ? periodOf(annual, days[0]!, days[n - 1]!) : null,
    volatility: s.volatility,
    sharpe: s.sharpe,
    max_drawdown: {
      value: dd.value,
      peak_date: at(dd.peak),
      trough_date: at(dd.trough),
      recovery_date: at(dd.recovery),
    },
    index,
  }
}
