/**
 * GET /api/trading-intel/correlation with 20 holdings + 6 benchmarks (a 26 × 26 matrix over the
 * default 90 days): `npx tsx bench/correlation.ts [requests]` (PGlite in memory; `DATABASE_URL=…`
 * for a server). The real app on its configured (simulated) market provider, over a real port,
 * sequential requests on one keep-alive connection after 100 unmeasured ones.
 * - MISS: the module's cache entries are deleted before each request (not timed): each request reads
 *   the holdings and the 26 symbols' daily bars (through the cached market decorator, as the app
 *   does), aligns them, computes the matrix, serializes, hashes and stores the body.
 * - MISS, market cache cleared too: the simulator builds every symbol's bars as well.
 * - HIT: the same request repeated (holdings read + cache get of the stored JSON text and ETag).
 * - 304 (If-None-Match), and GET /api/tenant (one small tenant-scoped read) as the machine's reference.
 */
import { UNIVERSE } from '../src/providers/market-data/simulator/universe.ts'
import { buildTestApp } from '../test/helpers/test-app.ts'

const REQUESTS = Number(process.argv[2] ?? 1000)
const t = await buildTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } })
const u = await t.newTenant()
const stocks = UNIVERSE.filter((i) => i.type === 'stock').slice(0, 20)
const account = JSON.parse((await u.post('/api/accounts', { name: 'Bench', broker_type: 'manual' })).body).id
for (const [i, s] of stocks.entries())
  await u.post('/api/brokers/manual/positions', {
    account_id: account,
    symbol: s.symbol,
    quantity: 10,
    cost_basis: 1000 + i,
  })
const base = await t.app.listen({ port: 0, host: '127.0.0.1' })
const url = `${base}/api/trading-intel/correlation`
const auth = { authorization: `Bearer ${u.token}` }

async function measure(
  label: string,
  before: () => Promise<unknown>,
  headers: Record<string, string>,
  status: number,
  target = url,
) {
  const times: number[] = []
  for (let i = 0; i < REQUESTS + 100; i++) {
    await before()
    const t0 = performance.now()
    const res = await fetch(target, { headers: { ...auth, ...headers } })
    await res.arrayBuffer()
    if (res.status !== status) throw new Error(`${label}: ${res.status}`)
    if (i >= 100) times.push(performance.now() - t0)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.floor(q * (times.length - 1))]!.toFixed(2)
  return `| ${label} | ${at(0.5)} | ${at(0.99)} |`
}

const first = await fetch(url, { headers: auth })
const body = (await first.json()) as { symbols: string[] }
const etag = first.headers.get('etag')!
const none = async () => undefined
const rows = [
  await measure(
    'MISS (cache cleared before each)',
    () => t.c.cache.deletePrefix('risk:correlation:'),
    {},
    200,
  ),
  await measure(
    'MISS, market cache cleared too',
    () => Promise.all([t.c.cache.deletePrefix('risk:correlation:'), t.c.cache.deletePrefix('market:')]),
    {},
    200,
  ),
  await measure('HIT', none, {}, 200),
  await measure('304 (If-None-Match)', none, { 'if-none-match': etag }, 304),
  await measure('reference: GET /api/tenant', none, {}, 200, `${base}/api/tenant`),
]
process.stdout.write(
  `${body.symbols.length} symbols, ${REQUESTS} sequential requests each\n\n| request | p50 ms | p99 ms |\n| --- | --- | --- |\n${rows.join('\n')}\n`,
)
await t.close()
