/**
 * Reads /metrics as a client (Prometheus text exposition): each sample's value by its series as
 * written, `name` or `name{label="value",…}`.
 */
import type { App } from '../../src/platform/http/app-type.ts'

export async function scrape(app: App): Promise<Map<string, number>> {
  const res = await app.inject({ method: 'GET', url: '/metrics' })
  if (res.statusCode !== 200) throw new Error(`/metrics answered ${res.statusCode}`)
  const samples = new Map<string, number>()
  for (const line of res.body.split('\n')) {
    if (line === '' || line.startsWith('#')) continue
    const at = line.lastIndexOf(' ')
    samples.set(line.slice(0, at), Number(line.slice(at + 1)))
  }
  return samples
}

/** The backtest trade cache's counters and trades held, as /metrics shows them. */
export interface TradeCacheCounts {
  hits: number
  misses: number
  refreshed: number
  whole: number
  held: number
}

export async function tradeCacheCounts(app: App): Promise<TradeCacheCounts> {
  const s = await scrape(app)
  const get = (series: string) => {
    const v = s.get(series)
    if (v === undefined) throw new Error(`/metrics has no ${series}`)
    return v
  }
  return {
    hits: get('backtest_trade_cache_reads_total{result="hit"}'),
    misses: get('backtest_trade_cache_reads_total{result="miss"}'),
    refreshed: get('backtest_trade_cache_refreshes_total'),
    whole: get('backtest_trade_cache_whole_reads_total'),
    held: get('backtest_trade_cache_trades'),
  }
}
