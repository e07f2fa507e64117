/**
 * Shared by the alerts event tests: Friday 2026-11-20 at 16:30 New York (the post-market session is
 * trading, so the scheduled evaluation runs), the intraday fixture market (AAPL's hand-built S1
 * session) with option chains the test sets, and helpers that run the `alerts.evaluate` job and
 * read the delivery trace.
 */
import { fixedClock } from '../../src/platform/clock.ts'
import type { OptionChain, OptionContract } from '../../src/providers/market-data/index.ts'
import { json } from '../helpers/assertions.ts'
import type { Client, TestApp } from '../helpers/test-app.ts'
import { IntradayTestMarket } from './intraday-market.fixture.ts'

export const NOW = '2026-11-20T21:30:00Z'
export const EXP = '2026-11-27'

/** Per symbol: [put volumes, call volumes] of the nearest expiration. */
export class EventsMarket extends IntradayTestMarket {
  readonly chains: Record<string, [number[], number[]]> = {}

  override async optionChain(symbol: string): Promise<OptionChain> {
    const [puts, calls] = this.chains[symbol] ?? [[], []]
    const contract = (type: 'put' | 'call', volume: number, k: number): OptionContract => ({
      symbol: `${symbol}261127${type === 'put' ? 'P' : 'C'}${k}`,
      underlying: symbol,
      expiration: EXP,
      strike: 100 + k,
      type,
      volume,
      open_interest: null,
      bid: null,
      ask: null,
      last: null,
    })
    return {
      underlying: symbol,
      expirations: puts.length + calls.length ? [EXP] : [],
      contracts: [
        ...puts.map((v, k) => contract('put', v, k)),
        ...calls.map((v, k) => contract('call', v, k)),
      ],
    }
  }
}

export function eventsWorld() {
  const clock = fixedClock(NOW)
  return { clock, market: new EventsMarket(clock) }
}

export type ChannelStatus = {
  channel: string
  status: string
  detail: Record<string, unknown>
  attempts: number
  sent_at: string | null
  summary: string
}
export type Trace = {
  firing_id: number
  rule_id: number
  alert_type: string
  condition: Record<string, unknown>
  values: Record<string, unknown>
  fired_at: string
  channels: ChannelStatus[]
}

/** The scheduled evaluation as the scheduler runs it: the job enqueued, the queue drained. */
export async function runEvaluateJob(t: TestApp): Promise<void> {
  await t.c.jobs.enqueue('alerts.evaluate', {})
  await t.c.jobs.drain()
  await t.c.alerts.settled()
  await t.c.jobs.drain() // the deliveries the firings queued
}

export const traceOf = async (u: Client, headers?: Record<string, string>): Promise<Trace[]> =>
  json((await u.get('/api/alerts/deliveries?limit=200', headers)).body).items

export const byChannel = (d: Trace) => Object.fromEntries(d.channels.map((c) => [c.channel, c]))
