/**
 * The agent order gate's overhead: `npx tsx bench/bot-gate.bench.ts [orders]` (default 300). The
 * real app (PGlite in memory, or `DATABASE_URL=…`) over a real port, Alpaca connected through the
 * offline sandbox. The same kind of order (a 1-share buy limit at $1, which rests) is placed
 * alternately through the plain broker route (POST /api/brokera/orders) and through the gate
 * (POST /api/bot-controls/agents/{id}/orders, a live agent, no threshold, every limit set so each
 * check runs), one at a time after 30 unmeasured of each; reports p50 / p95 of each path, the
 * gate's added p50 (the difference) and the ratio, from the one run. Target: the gate adds < 2 ms p50.
 */
import { connectAlpaca } from '../test/helpers/brokers.ts'
import { buildTestApp } from '../test/helpers/test-app.ts'

const ORDERS = Number(process.argv[2] ?? 300)
const WARMUP = 30

const t = await buildTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } })
const u = await t.newTenant()
await connectAlpaca(t, u, 'post')
const accounts = JSON.parse((await u.get('/api/accounts')).body) as {
  items: { id: number; broker_type: string }[]
}
const account = accounts.items.find((a) => a.broker_type === 'brokera')!.id
const agent = JSON.parse(
  (await u.post('/api/bot-controls/agents', { name: 'Bench', mode: 'live' })).body,
) as {
  agent_id: number
}
const limits = await u.put(`/api/bot-controls/agents/${agent.agent_id}/limits`, {
  max_orders_per_day: 1_000_000,
  max_notional_per_day: '100000000.00',
  max_order_notional: '1000.00',
  max_position_weight: null, // the weight needs the account valued (quotes, FX): measured apart if set
  max_open_positions: 1000,
  max_orders_per_minute: 1_000_000,
})
if (limits.statusCode !== 200) throw new Error(`limits: ${limits.body}`)
const base = await t.app.listen({ port: 0, host: '127.0.0.1' })
const headers = { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' }

let n = 0
async function timed(url: string, body: object): Promise<number> {
  const start = performance.now()
  const res = await fetch(`${base}${url}`, { method: 'POST', headers, body: JSON.stringify(body) })
  const text = await res.text()
  const ms = performance.now() - start
  if (res.status !== 200 && res.status !== 201) throw new Error(`${url}: ${res.status} ${text}`)
  return ms
}
const order = () => ({
  symbol: 'AAPL',
  side: 'buy',
  qty: '1',
  type: 'limit',
  limit_price: '1',
  time_in_force: 'gtc',
  client_order_id: `bench-${++n}`,
})
const plain = () => timed('/api/brokera/orders', order())
const gated = () =>
  timed(`/api/bot-controls/agents/${agent.agent_id}/orders`, { ...order(), account_id: account })

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!
}
const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(2)} ms · p95 ${pct(xs, 95).toFixed(2)} ms`

try {
  for (let i = 0; i < WARMUP; i++) await (i % 2 ? plain() : gated())
  const a: number[] = []
  const b: number[] = []
  for (let i = 0; i < ORDERS; i++) {
    a.push(await plain())
    b.push(await gated())
  }
  const added = pct(b, 50) - pct(a, 50)
  console.log(
    `agent order gate, ${ORDERS} orders each way (Alpaca sandbox, live agent, ${process.env['DATABASE_URL'] ? 'PostgreSQL' : 'PGlite'})`,
  )
  console.log(`  broker route  ${fmt(a)}`)
  console.log(`  through gate  ${fmt(b)}`)
  console.log(`  gate adds     p50 ${added.toFixed(2)} ms (× ${(pct(b, 50) / pct(a, 50)).toFixed(2)})`)
} finally {
  await t.close()
}
