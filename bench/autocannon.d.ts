/**
 * autocannon ships no types and @types/autocannon is not installed (package.json is off limits),
 * so this declares the small part of its programmatic API the harness uses.
 */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events'

  namespace autocannon {
    /** What setupRequest receives and returns (the parts the harness touches). */
    interface RequestData {
      method?: string
      path?: string
      headers?: Record<string, string>
      body?: string | Buffer
    }

    /** One entry of `requests`; setupRequest runs before every request built from it. */
    interface RequestTemplate {
      setupRequest?: (req: RequestData) => RequestData
    }

    interface Options {
      url: string
      connections?: number
      /** Seconds. */
      duration?: number
      method?: string
      headers?: Record<string, string>
      body?: string
      /** Per-request timeout in seconds. */
      timeout?: number
      /** Each connection cycles through these in order. */
      requests?: RequestTemplate[]
    }

    interface Histogram {
      average: number
      mean: number
      stddev: number
      min: number
      max: number
      total: number
      p50: number
      p99: number
    }

    interface Result {
      duration: number
      errors: number
      timeouts: number
      non2xx: number
      resets: number
      '2xx': number
      statusCodeStats: Record<string, { count: number }>
      /** Requests per second, sampled once a second. */
      requests: Histogram & { sent: number }
      /** Milliseconds, in whole ms (the harness keeps its own finer histogram). */
      latency: Histogram
    }

    /** The running job: an event emitter that is also a promise of the result. */
    interface Instance extends EventEmitter, PromiseLike<Result> {
      on(
        event: 'response',
        listener: (client: unknown, statusCode: number, resBytes: number, responseTimeMs: number) => void,
      ): this
      on(event: string, listener: (...args: unknown[]) => void): this
      stop(): void
    }
  }

  function autocannon(opts: autocannon.Options): autocannon.Instance
  export = autocannon
}
