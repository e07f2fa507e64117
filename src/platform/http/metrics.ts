/**
 * Prometheus metrics at /metrics: request counts and latency by route template and status,
 * Node's default metrics (event-loop lag, heap, GC), database pool figures, and what modules register
 * in the container's registry (the backtest trade cache's hits and misses).
 */
import type { FastifyInstance } from 'fastify'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { PoolStats } from '../db/index.ts'

export interface MetricsOptions {
  /** The container's registry (createMetricsRegistry), which modules register into too. */
  registry: Registry
  poolStats: () => PoolStats
}

/** A process's registry, with Node's default metrics: one per container. */
export function createMetricsRegistry(): Registry {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 })
  return registry
}

function httpMetrics({ registry, poolStats }: MetricsOptions) {
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  })
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  for (const [name, field] of [
    ['db_pool_connections', 'total'],
    ['db_pool_idle', 'idle'],
    ['db_pool_waiting', 'waiting'],
    ['db_read_lane_reads', 'laneReads'],
  ] as const) {
    new Gauge({
      name,
      help:
        field === 'laneReads'
          ? 'Scoped reads waiting for their answer on the shared read lanes (PostgreSQL; ADR 0026)'
          : `Database pool: ${field} connections (PGlite has one)`,
      registers: [registry],
      collect() {
        this.set(poolStats()[field])
      },
    })
  }
  return { requests, duration }
}

/** The HTTP and pool metrics in `opts.registry`, and the hook that counts every response. */
export function installMetrics(app: FastifyInstance, opts: MetricsOptions): void {
  const { requests, duration } = httpMetrics(opts)
  app.addHook('onResponse', (req, reply, done) => {
    // Label by route template, never the raw URL, so ids don't explode the series count.
    const route = req.routeOptions.url ?? 'unmatched'
    const labels = { method: req.method, route, status: String(reply.statusCode) }
    requests.inc(labels)
    duration.observe(labels, reply.elapsedTime / 1000)
    done()
  })
}
