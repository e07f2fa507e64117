/** OpenAPI example values of the risk operations. */
export const CORRELATION_EXAMPLE = {
  symbols: ['AAPL', 'SPY', 'QQQ', 'IWM', 'DIA', 'TLT', 'GLD'],
  benchmarks: ['SPY', 'QQQ', 'IWM', 'DIA', 'TLT', 'GLD'],
  matrix: [
    [1, 0.812, 0.874, 0.601, 0.733, -0.214, 0.052],
    [0.812, 1, 0.962, 0.841, 0.951, -0.262, 0.071],
    [0.874, 0.962, 1, 0.772, 0.868, -0.241, 0.063],
    [0.601, 0.841, 0.772, 1, 0.823, -0.198, 0.081],
    [0.733, 0.951, 0.868, 0.823, 1, -0.255, 0.066],
    [-0.214, -0.262, -0.241, -0.198, -0.255, 1, 0.224],
    [0.052, 0.071, 0.063, 0.081, 0.066, 0.224, 1],
  ],
  observations: Array.from({ length: 7 }, () => Array.from({ length: 7 }, () => 61)),
  series: ['AAPL', 'SPY', 'QQQ', 'IWM', 'DIA', 'TLT', 'GLD'].map((symbol, i) => ({
    symbol,
    held: i === 0,
    benchmark: i > 0,
    closes: 62,
    returns: 61,
    null_reason: null,
  })),
  lookback_days: 90,
  from: '2026-08-26',
  as_of: '2026-11-24',
  method: 'pearson_simple_returns',
  min_pairs: 20,
}
