/**
 * The quant kernels: pure, I/O-free numeric functions over arrays, shared by trading intelligence,
 * technical analysis, screeners and backtests. Definitions, defaults and test vectors:
 * docs/definitions.md (indicators, performance metrics, stops, correlation);
 * choices: ADR 0024.
 *
 * Series in, `Float64Array`s of the same length out, NaN where the reference says null (warm-up, a
 * zero denominator): callers map NaN → null on the wire (`toNullable`, `seriesToNullable`).
 */
export { nanSeries, seriesToNullable, toNullable, type Series } from './series.ts'
export {
  rollingMax,
  rollingMean,
  rollingMin,
  rollingStd,
  rollingZScore,
  type ZScoreOptions,
} from './rolling.ts'
export { ema, sma } from './moving-averages.ts'
export { macd, rsi, type Macd } from './momentum.ts'
export { atr, bollinger, trueRange, type Bollinger } from './volatility.ts'
export {
  relativeVolume,
  relativeVolumeSeries,
  sessionVwap,
  type RelativeVolume,
  type RelativeVolumeSeries,
} from './volume.ts'
export { logReturns, simpleReturns } from './returns.ts'
export {
  annualVolatility,
  cagr,
  cagrPeriods,
  calmar,
  downsideDeviation,
  perPeriodRate,
  sharpe,
  sortino,
  totalReturn,
  type AnnualizeOptions,
} from './performance.ts'
export {
  drawdownEpisodes,
  drawdownSeries,
  maxDrawdown,
  type DrawdownEpisode,
  type DrawdownSummary,
} from './drawdown.ts'
export { equityCurveStats, type EquityCurveStats } from './equity-curve.ts'
export { tradeStats, type TradeStats } from './trades.ts'
export { atrStop, chandelier, trailingStop, type Chandelier, type Side } from './stops.ts'
export { correlationMatrix, pearson, type CorrelationOptions } from './correlation.ts'
