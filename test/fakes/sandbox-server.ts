/**
 * What the broker fakes share: a sandbox's plugin served on a bare Fastify at 127.0.0.1 (a free
 * port, no logger), the fixed quotes and clock the Alpaca and SnapTrade fakes price with, and a
 * quotes wrapper that holds calls back so concurrent reads meet inside the sandbox.
 */
import Fastify, { type FastifyPluginAsync } from 'fastify'
import type { AddressInfo } from 'node:net'
import { after, before, beforeEach } from 'node:test'

export const FAKE_BROKER_QUOTES: Readonly<Record<string, number>> = {
  AAPL: 187.25,
  MSFT: 402.1,
  SPY: 512.34,
  NVDA: 118.5,
  AMZN: 178.2,
  GOOGL: 141.8,
  META: 495.3,
  TSLA: 176.4,
}
/** A Friday, 15:59 in New York: inside the session, so orders placed through the sandbox reach the market. */
export const FAKE_BROKER_NOW = '2026-03-06T20:59:00.000Z'

/** The sandbox options that price with FAKE_BROKER_QUOTES at FAKE_BROKER_NOW. */
export function fakeBrokerMarket() {
  const now = new Date(FAKE_BROKER_NOW)
  return {
    quotes: async (symbols: readonly string[]) =>
      symbols.flatMap((symbol) => {
        const last = FAKE_BROKER_QUOTES[symbol]
        return last === undefined ? [] : [{ symbol, last }]
      }),
    symbols: Object.keys(FAKE_BROKER_QUOTES),
    now: () => now,
  }
}

export interface LoopbackServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  readonly baseUrl: string
  close(): Promise<void>
}

/** Serves `plugin` at the root of a bare Fastify listening on 127.0.0.1. */
export async function serveOnLoopback(plugin: FastifyPluginAsync): Promise<LoopbackServer> {
  const app = Fastify({ logger: false })
  await app.register(plugin)
  await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as AddressInfo
  return { baseUrl: `http://127.0.0.1:${port}`, close: () => app.close() }
}

/**
 * One fake for all of a test file's tests: started before them (handed to `use`), closed after them,
 * its sandbox reset before each.
 */
export function fakePerFile<F extends { readonly sandbox: { reset(): void }; close(): Promise<void> }>(
  start: () => Promise<F>,
  use: (fake: F) => void,
): void {
  let fake: F
  before(async () => {
    fake = await start()
    use(fake)
  })
  after(() => fake.close())
  beforeEach(() => fake.sandbox.reset())
}

export interface QuotesGate {
  /** Resolves once the held calls have all been made, each still waiting for its answer. */
  readonly arrived: Promise<void>
  /** Answers the held calls; calls after them pass straight through. */
  release(): void
}

/**
 * Wraps a sandbox's quotes function so a test can hold its next calls back: `hold(n)` makes the next
 * `n` calls wait for `release()`, so `n` requests can be caught inside the step that awaits quotes
 * (a read settling due orders) at the same moment, as slow quotes would leave them in the app.
 */
export function heldQuotes<A extends unknown[], R>(quotes: (...args: A) => Promise<R>) {
  let held: { wanted: number; waiting: Array<() => void>; arrived: () => void } | undefined
  return {
    quotes: async (...args: A): Promise<R> => {
      const answer = await quotes(...args)
      const h = held
      if (h && h.waiting.length < h.wanted)
        await new Promise<void>((answered) => {
          h.waiting.push(answered)
          if (h.waiting.length === h.wanted) h.arrived()
        })
      return answer
    },
    hold(n: number): QuotesGate {
      let arrived = () => {}
      const all = new Promise<void>((resolve) => (arrived = resolve))
      const h = { wanted: n, waiting: [] as Array<() => void>, arrived }
      held = h
      return {
        arrived: all,
        release() {
          if (held === h) held = undefined
          for (const answer of h.waiting) answer()
        },
      }
    },
  }
}
