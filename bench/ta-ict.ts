/**
 * The ICT layer (targets below): `npx tsx bench/ta-ict.ts [requests]` (PGlite in memory).
 * - The pure analysis of one symbol: `analyzeIct` + `ictScore` on 260 daily bars of the simulator
 *   (FVGs, order blocks, breakers, range, pools, score), in process; the budget for all
 *   layers + confluence is < 20 ms.
 * - GET /api/ta/ict/zones/{symbol}/premium-discount (1d) and GET /api/ta/ict/zones/portfolio with 20
 *   holdings, warm (the market provider's cache filled by 100 unmeasured requests), sequential on one
 *   keep-alive connection; the budget for a portfolio route is < 300 ms warm.
 */
import { analyzeIct, ictLayer, ictScore } from '../src/modules/ta/ta-ict/index.ts'
import { UNIVERSE } from '../src/providers/market-data/simulator/universe.ts'
import { buildTestApp } from '../test/helpers/test-app.ts'

const REQUESTS = Number(process.argv[2] ?? 300)
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

const pct = (times: number[]) => {
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.floor(q * (times.length - 1))]!.toFixed(2)
  return `${at(0.5)} | ${at(0.99)}`
}

const bars = await t.c.marketData.timeframes.read(stocks[0]!.symbol, '1d')
const pure: number[] = []
for (let i = 0; i < 1100; i++) {
  const t0 = performance.now()
  ictScore(analyzeIct(bars, { swingLR: 3 }))
  if (i >= 100) pure.push(performance.now() - t0)
}

const occ: number[] = []
for (let i = 0; i < 300; i++) {
  const t0 = performance.now()
  for (const p of ictLayer.patterns) ictLayer.occurrences(bars, p.id)
  if (i >= 100) occ.push(performance.now() - t0)
}
const found = analyzeIct(bars, { swingLR: 3 })

const base = await t.app.listen({ port: 0, host: '127.0.0.1' })
const auth = { authorization: `Bearer ${u.token}` }
async function http(path: string): Promise<string> {
  const times: number[] = []
  for (let i = 0; i < REQUESTS + 100; i++) {
    const t0 = performance.now()
    const res = await fetch(`${base}${path}`, { headers: auth })
    await res.arrayBuffer()
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`)
    if (i >= 100) times.push(performance.now() - t0)
  }
  return pct(times)
}

const rows = [
  `| analyzeIct + ictScore, ${bars.length} daily bars (in process, 1000 runs) | ${pct(pure)} |`,
  `| occurrences of all ${ictLayer.patterns.length} patterns (200 runs) | ${pct(occ)} |`,
  `| GET /api/ta/ict/zones/${stocks[0]!.symbol}/premium-discount (1d) | ${await http(`/api/ta/ict/zones/${stocks[0]!.symbol}/premium-discount`)} |`,
  `| GET /api/ta/ict/zones/portfolio (20 holdings, warm) | ${await http('/api/ta/ict/zones/portfolio')} |`,
  `| reference: GET /api/tenant | ${await http('/api/tenant')} |`,
]
process.stdout.write(
  `${bars.length} bars: ${found.fvgs.length} FVGs, ${found.order_blocks.length} OBs, ${found.breakers.length} breakers, ` +
    `${found.liquidity.length} pools; ${REQUESTS} sequential requests each\n\n| what | p50 ms | p99 ms |\n| --- | --- | --- |\n${rows.join('\n')}\n`,
)
await t.close()
