/**
 * GET /api/trading-intel/intel-feed at one connection with 10,000 stored items:
 * `npx tsx bench/intel-feed.ts [requests]`.
 *
 * The source modules (intraday, options-flow, recommendations) are not merged yet, so their stored
 * rows are the test sources' in-memory stores (10,000 rows over the last 24 hours: 4,000 signals,
 * 3,000 flow, 3,000 recommendations), read through the same `feedItems` contract; news comes from
 * the simulated provider through the content module's 60 s cache. So this measures the HTTP stack,
 * auth, validation, the holdings read for news, the merge and serialisation — not the source
 * modules' own queries. Sequential requests over one keep-alive connection; p50 and p99 in ms.
 */
import { feedModules, testSources } from '../test/helpers/intel-feed.ts'
import { buildTestApp } from '../test/helpers/test-app.ts'

const REQUESTS = Number(process.argv[2] ?? 2000)
const ITEMS = 10_000
const s = testSources()
const t = await buildTestApp({ modules: feedModules(s), env: { RATE_LIMIT_ENABLED: 'false' } })
const u = await t.newTenant()
const now = Date.now()
for (let i = 0; i < ITEMS; i++) {
  const store = i % 10 < 4 ? s.intraday : i % 10 < 7 ? s.flow : s.recs
  const created_at = new Date(now - Math.floor((i * 86_400_000) / ITEMS))
  store.add(u.tenantId, {
    created_at,
    symbol: ['AAPL', 'MSFT', 'NVDA', 'TSLA'][i % 4]!,
    confidence: (i % 100) / 100,
  })
}
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
  await measure('?tag=ALERT'),
  await measure('?symbol=AAPL&hours=168'),
]
process.stdout.write(
  `${ITEMS} stored items, ${REQUESTS} sequential requests each\n\n| query | p50 ms | p99 ms |\n| --- | --- | --- |\n${rows.join('\n')}\n`,
)
await t.close()
