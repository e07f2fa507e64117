/**
 * Load generation with autocannon's programmatic API, in the parent process: a 3 s warm-up that is
 * thrown away (JIT, caches, the pg pool filling), then the measured run. Latency percentiles come
 * from our own microsecond histogram fed by autocannon's 'response' events, because autocannon's
 * histogram keeps whole milliseconds, which hides everything below 1 ms (healthz answers in ~0.7 ms).
 */
import { createHistogram } from 'node:perf_hooks'
import autocannon from 'autocannon'
import type { Scenario } from './scenarios.ts'

/** The default warm-up before each measured run (`--warmup`). */
export const WARMUP_SECONDS = 3

export interface Measurement {
  scenario: string
  connections: number
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  maxMs: number
  non2xx: number
  /** Connection errors and timeouts (autocannon counts timeouts as errors too). */
  errors: number
  statusCodes: Record<string, number>
}

export interface Endpoint {
  baseUrl: string
  token?: string | undefined
}

function options(s: Scenario, target: Endpoint, connections: number, duration: number): autocannon.Options {
  const headers: Record<string, string> = {}
  if (s.auth) {
    if (!target.token) throw new Error(`${s.name}: needs a token and the server gave none`)
    headers['authorization'] = `Bearer ${target.token}`
  }
  if (s.body !== undefined) headers['content-type'] = 'application/json'
  return {
    url: `${target.baseUrl}${s.paths?.[0] ?? s.path}`,
    method: s.method,
    headers,
    connections,
    duration,
    ...(s.body !== undefined ? { body: JSON.stringify(s.body) } : {}),
    ...(s.paths ? { requests: [rotating(s.paths)] } : {}),
  }
}

/** One request template whose path advances on every request, across all connections. */
function rotating(paths: readonly string[]): autocannon.RequestTemplate {
  let next = 0
  return {
    setupRequest: (req) => {
      const path = paths[next++ % paths.length]!
      return { ...req, path }
    },
  }
}

/** One request before the load: a wrong token or route fails here with its body, not as 50k non-2xx. */
export async function probe(s: Scenario, target: Endpoint): Promise<void> {
  const o = options(s, target, 1, 1)
  for (const path of s.paths ?? [s.path]) {
    const res = await fetch(`${target.baseUrl}${path}`, {
      method: o.method,
      headers: o.headers ?? {},
      ...(o.body ? { body: o.body } : {}),
    })
    const text = await res.text()
    if (!res.ok)
      throw new Error(`${s.name}: ${s.method} ${path} answered ${res.status}: ${text.slice(0, 300)}`)
  }
}

export async function measure(
  s: Scenario,
  target: Endpoint,
  connections: number,
  duration: number,
  warmup: number,
): Promise<Measurement> {
  if (warmup > 0) await autocannon(options(s, target, connections, warmup))

  const latencyUs = createHistogram({ lowest: 1, highest: 60_000_000, figures: 3 })
  const run = autocannon(options(s, target, connections, duration))
  run.on('response', (_client, statusCode, _bytes, ms) => {
    if (statusCode >= 200 && statusCode < 300) latencyUs.record(Math.max(1, Math.round(ms * 1000)))
  })
  const r = await run
  return {
    scenario: s.name,
    connections,
    requestsPerSecond: r.requests.average,
    p50Ms: latencyUs.count ? latencyUs.percentile(50) / 1000 : NaN,
    p99Ms: latencyUs.count ? latencyUs.percentile(99) / 1000 : NaN,
    maxMs: latencyUs.count ? latencyUs.max / 1000 : NaN,
    non2xx: r.non2xx,
    errors: r.errors,
    statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, v]) => [code, v.count])),
  }
}
