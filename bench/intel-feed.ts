/**
 * GET /api/trading-intel/intel-feed at one connection with 10,000 stored items:
 * `npx tsx bench/intel-feed.ts [requests]` (PGlite in memory; `DATABASE_URL=postgres://…` for a server).
 *
 * The real app and its real source modules: 5,000 intraday signals and 5,000 options-flow rows of one
 * tenant, created over the last 24 hours, written straight into their tables (the bench is not a
 * module, so it may); news comes from the simulated provider through the content module's cache. So
 * this measures the HTTP stack, auth, validation, each source's indexed read, the holdings read for
 * news, the merge and serialisation. Sequential requests over one keep-alive connection; p50 and p99
 * in ms. The two tables are analyzed first, as autovacuum (PostgreSQL) or the scheduled ANALYZE (PGlite)
 * would a minute later; `BENCH_ANALYZE=0` skips that.
 */
import { buildTestApp } from '../test/helpers/test-app.ts'

const REQUESTS = Number(process.argv[2] ?? 2000)
const ITEMS = 10_000
const SYMBOLS = ['AAPL', 'MSFT', 'NVDA', 'TSLA', 'AMZN', 'META', 'GOOGL', 'AMD', 'NFLX', 'JPM']
const SETUPS = ['orb', 'vwap_reclaim', 'gap', 'volume_spike']
const t = await buildTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } })
const u = await t.newTenant()
const now = Date.now()
const at = (i: number) => new Date(now - Math.floor((i * 86_400_000) / ITEMS))
const day = (i: number) => new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10)
await t.c.scopes.withTenant(u.tenantId, async ({ db }) => {
  for (let from = 0; from < ITEMS; from += 1000) {
    const batch = Array.from({ length: 1000 }, (_, k) => from + k)
    const signals = batch.filter((i) => i % 2 === 0)
    const flows = batch.filter((i) => i % 2 === 1)
    await db
      .insertInto('intraday_signal')
      .values(
        signals.map((i) => ({
          tenant_id: u.tenantId,
          symbol: SYMBOLS[i % SYMBOLS.length]!,
          setup: SETUPS[i % SETUPS.length]!,
          direction: i % 4 < 2 ? 'long' : 'short',
          confidence: String((i % 100) / 100),
          price: '100.5',
          trigger_time: at(i),
          session_date: at(i).toISOString().slice(0, 10),
          session: 'REGULAR',
          interval: '5m',
          evidence: JSON.stringify({ bench: i }),
          created_at: at(i),
          updated_at: at(i),
        })),
      )
      .execute()
    await db
      .insertInto('options_flow_signal')
      .values(
        flows.map((i) => ({
          tenant_id: u.tenantId,
          symbol: SYMBOLS[i % SYMBOLS.length]!,
          trading_date: day(i), // unique per tenant + symbol + date
          direction: 'PUT_DOMINANCE',
          put_volume: '15000',
          call_volume: '5000',
          put_call_ratio: '3',
          confidence: String((i % 100) / 100),
          contracts: 40,
          expiration: '2026-12-04',
          created_at: at(i),
          updated_at: at(i),
        })),
      )
      .execute()
  }
})
// The steady state: PostgreSQL's autovacuum, and PGlite's scheduled ANALYZE (PGLITE_ANALYZE_MINUTES),
// would analyze the new rows a minute or so into the run. BENCH_ANALYZE=0 measures before that.
if (process.env['BENCH_ANALYZE'] !== '0')
  await t.c.database.raw('analyze intraday_signal, options_flow_signal')
const base = await t.app.listen({ port: 0, host: '127.0.0.1' })
const headers = { authorization: `Bearer ${u.token}` }

async function measure(query: string): Promise<string> {
  const url = `${base}/api/trading-intel/intel-feed${query}`
  const times: number[] = []
  for (let i = 0; i < REQUESTS + 200; i++) {
    const t0 = performance.now()
    const res = await fetch(url, { headers })
    await res.arrayBuffer()
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`)
    if (i >= 200) times.push(performance.now() - t0) // the first 200 warm up
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.floor(q * (times.length - 1))]!.toFixed(2)
  return `| \`${query || '(defaults: 24 h, limit 50)'}\` | ${at(0.5)} | ${at(0.99)} |`
}

const rows = [
  await measure(''),
  await measure('?limit=100'),
  await measure('?tag=FLOW'),
  await measure('?tag=SIGNAL'),
  await measure('?tag=NEWS'),
  await measure('?symbol=AAPL&hours=168'),
]
process.stdout.write(
  `${ITEMS} stored items, ${REQUESTS} sequential requests each\n\n| query | p50 ms | p99 ms |\n| --- | --- | --- |\n${rows.join('\n')}\n`,
)
await t.close()
