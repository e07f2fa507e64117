/**
 * Watchlist autocomplete: `npx tsx bench/watchlists-autocomplete.ts [requests]` (default 1,000).
 * 1. `GET /api/watchlists/autocomplete` on the real app (PGlite in memory; `DATABASE_URL=…` for a
 *    server) with its configured (simulated) market provider, over a real port: sequential requests
 *    on one keep-alive connection after 100 unmeasured ones, cycling through a set of queries
 *    (one-letter prefixes, tickers, company-name words). `GET /api/tenant` is the machine's reference.
 * 2. The index alone (`SymbolIndex.search`) over a synthetic 10,000-instrument universe: build time,
 *    then the same queries' p50/p99 in process.
 */
import { SymbolIndex, type IndexedInstrument } from '../src/modules/workspace/watchlists/index.ts'
import { buildTestApp } from '../test/helpers/test-app.ts'

const REQUESTS = Number(process.argv[2] ?? 1000)
const QUERIES = ['a', 'm', 'AM', 'ms', 'nvd', 'BRK', 'apple', 'bank of', 'energy', 'semi', 'x', 'SPY']

const t = await buildTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } })
const u = await t.newTenant({ plan: 'pro' })
const base = await t.app.listen({ port: 0, host: '127.0.0.1' })
const auth = { authorization: `Bearer ${u.token}` }

const quantiles = (times: number[]) => {
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.floor(q * (times.length - 1))]!
  return { p50: at(0.5), p99: at(0.99) }
}

async function http(label: string, path: (i: number) => string): Promise<string> {
  const times: number[] = []
  for (let i = 0; i < REQUESTS + 100; i++) {
    const t0 = performance.now()
    const res = await fetch(`${base}${path(i)}`, { headers: auth })
    await res.arrayBuffer()
    if (res.status !== 200) throw new Error(`${label}: ${res.status}`)
    if (i >= 100) times.push(performance.now() - t0)
  }
  const { p50, p99 } = quantiles(times)
  return `| ${label} | ${p50.toFixed(2)} | ${p99.toFixed(2)} |`
}

const rows = [
  await http('GET /api/watchlists/autocomplete (12 queries in turn, limit 10)', (i) => {
    return `/api/watchlists/autocomplete?q=${encodeURIComponent(QUERIES[i % QUERIES.length]!)}`
  }),
  await http('reference: GET /api/tenant', () => '/api/tenant'),
]
await t.close()

/** 10,000 instruments: 4-letter-ish tickers and three-word names from a small vocabulary. */
function synthetic(n: number): IndexedInstrument[] {
  const words = [
    'Apple',
    'Bank',
    'Energy',
    'Global',
    'Micro',
    'Semi',
    'Health',
    'Capital',
    'Systems',
    'Motors',
  ]
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
  const out: IndexedInstrument[] = []
  for (let i = 0; i < n; i++) {
    let ticker = ''
    for (let k = i, len = 1 + (i % 4); len > 0; len--, k = Math.floor(k / 26)) ticker += letters[k % 26]
    const name = `${words[i % 10]} ${words[(i * 7) % 10]} ${letters[i % 26]}${i} Inc.`
    out.push({
      symbol: `${ticker}${i}`,
      name,
      exchange: 'NYSE',
      type: 'stock',
      sector: null,
      market_cap: (i * 7919) % 10_000,
    })
  }
  return out
}

const universe = synthetic(10_000)
const t0 = performance.now()
const index = new SymbolIndex(universe)
const build = performance.now() - t0
const times: number[] = []
for (let i = 0; i < REQUESTS + 100; i++) {
  const s = performance.now()
  index.search(QUERIES[i % QUERIES.length]!, 10)
  if (i >= 100) times.push(performance.now() - s)
}
const inProcess = quantiles(times)
rows.push(
  `| index alone, 10,000 instruments (built in ${build.toFixed(1)} ms) | ${inProcess.p50.toFixed(3)} | ${inProcess.p99.toFixed(3)} |`,
)
process.stdout.write(
  `${REQUESTS} sequential requests each\n\n| request | p50 ms | p99 ms |\n| --- | --- | --- |\n${rows.join('\n')}\n`,
)
