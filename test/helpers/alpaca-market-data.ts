/**
 * The Alpaca market-data adapter against the fake Alpaca data server (test/fakes/alpaca-data-fake.ts),
 * for test/providers/market-data/alpaca/alpaca.test.ts and alpaca.news.test.ts: `useAlpacaFake()` starts the fake for the file and gives
 * each test a fresh adapter (`md`), with the HTTP client's sleeps recorded instead of slept.
 */
import { before, after, beforeEach } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { createHttpClient, UpstreamAuthError } from '../../src/providers/shared/http.ts'
import { fakeBar, startAlpacaDataFake, type AlpacaDataFake } from '../fakes/alpaca-data-fake.ts'
import {
  createAlpacaMarketData,
  type AlpacaMarketData,
  type AlpacaMarketDataOptions,
} from '../../src/providers/market-data/alpaca/alpaca.ts'
import type { Bar } from '../../src/providers/market-data/market-data.port.ts'

export let fake: AlpacaDataFake
export let md: AlpacaMarketData
export let sleeps: number[] = []

export function adapter(over: Partial<AlpacaMarketDataOptions> = {}): AlpacaMarketData {
  const http = createHttpClient({ sleep: async (ms) => void sleeps.push(ms), random: () => 0 })
  return createAlpacaMarketData({
    http,
    baseUrl: fake.baseUrl,
    ...fake.credentials,
    clock: fixedClock(fake.now),
    ...over,
  })
}

/** The domain bar the fake's deterministic bar at `iso` maps to. */
export function expectedBar(symbol: string, iso: string, minutes: number): Bar {
  const b = fakeBar(symbol, new Date(iso), minutes) as Record<string, number>
  return {
    time: iso,
    open: b['o']!,
    high: b['h']!,
    low: b['l']!,
    close: b['c']!,
    volume: b['v']!,
    vwap: b['vw']!,
  }
}

export const requestsTo = (path: string) => fake.requests.filter((r) => r.path === path)
export const statuses = () => fake.requests.map((r) => r.status)
export const times = (bars: Bar[]) => bars.map((b) => b.time)
export const authError = (status: number) => (e: unknown) =>
  e instanceof UpstreamAuthError && e.status === status

/** Starts the fake for this test file; before each test, a reset fake and a new adapter. */
export function useAlpacaFake(): void {
  before(async () => {
    fake = await startAlpacaDataFake()
  })
  after(() => fake.close())
  beforeEach(() => {
    fake.reset()
    sleeps = []
    md = adapter()
  })
}
