/**
 * GET /api/trading-intel/feedback and GET /api/trading-intel/recommendations at one connection with
 * 5,000 stored recommendations: `npx tsx bench/recommendations-feedback.ts [requests]` (PGlite in
 * memory; `DATABASE_URL=postgres://…` for a server).
 *
 * The real app, the simulated market: 5,000 calls of one tenant over the last 90 days on 10 symbols,
 * written straight into the table (the bench is not a module, so it may) — half closed with their
 * outcome, half open with a 5-day horizon, so nearly every open call is scored at its horizon day's
 * daily close (one bars read per symbol per request; the simulator answers in-process). So /feedback
 * measures the HTTP stack, the window read (5,000 rows), the bars read, scoring and aggregation; the
 * list measures one indexed page. Sequential requests over one keep-alive connection; p50 and p99 ms.
 */
import { buildTestApp } from '../test/helpers/test-app.ts'

const REQUESTS = Number(process.argv[2] ?? 300)
const CALLS = 5_000
const SYMBOLS = ['AAPL', 'MSFT', 'NVDA', 'TSLA', 'AMZN', 'META', 'GOOGL', 'AMD', 'NFLX', 'JPM']
const ACTIONS = ['buy', 'sell', 'hold'] as const
const t = await buildTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } })
const u = await t.newTenant()
const now = Date.now()
// Spread over 89 days so every call is inside the default 90-day window.
const at = (i: number) => new Date(now - 3_600_000 - Math.floor((i * 89 * 86_400_000) / CALLS))
await t.c.scopes.withTenant(u.tenantId, async ({ db }) => {
  for (let from = 0; from < CALLS; from += 500) {
    const batch = Array.from({ length: 500 }, (_, k) => from + k)
    await db
      .insertInto('recommendation')
      .values(
        batch.map((i) => {
          const closed = i % 2 === 0
          const ret = ((i % 21) - 10) / 2 // −5 … +5 %
          return {
            tenant_id: u.tenantId,
            symbol: SYMBOLS[i % SYMBOLS.length]!,
            action: ACTIONS[i % 3]!,
            confidence: 0.4 + (i % 60) / 100,
            rationale: `bench call ${i}`,
            origin: 'committee' as const,
            origin_ref: `bench-${i}`,
            price_at: 100,
            horizon_days: 5,
            evidence: JSON.stringify({ bench: i }),
            status: closed ? ('closed' as const) : ('open' as const),
            exit_price: closed ? 100 + ret : null,
            return_pct: closed ? ret : null,
            outcome: closed ? (ret > 0.5 ? 'hit' : ret < -0.5 ? 'miss' : 'scratch') : null,
            note: null,
            closed_at: closed ? new Date(at(i).getTime() + 86_400_000) : null,
            created_at: at(i),
            updated_at: at(i),
          } as const
        }),
      )
      .execute()
  }
})
if (process.env['BENCH_ANALYZE'] !== '0') await t.c.database.raw('analyze recommendation')
const base = await t.app.listen({ port: 0, host: '127.0.0.1' })
const headers = { authorization: `Bearer ${u.token}` }

async function measure(path: string, check: (body: Record<string, unknown>) => void): Promise<string> {
  const url = `${base}/api/trading-intel${path}`
  const times: number[] = []
  for (let i = 0; i < REQUESTS + 50; i++) {
    const t0 = performance.now()
    const res = await fetch(url, { headers })
    const body = (await res.json()) as Record<string, unknown>
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`)
    if (i >= 50)
      times.push(performance.now() - t0) // the first 50 warm up
    else if (i === 0) check(body)
  }
  times.sort((a, b) => a - b)
  const q = (p: number) => times[Math.floor(p * (times.length - 1))]!.toFixed(2)
  return `| \`${path}\` | ${q(0.5)} | ${q(0.99)} |`
}

const rows = [
  await measure('/feedback', (b) => {
    const counts = b['counts'] as { recommendations: number; scored: number }
    if (counts.recommendations !== CALLS || counts.scored < CALLS * 0.9)
      throw new Error(`feedback did not score the bench calls: ${JSON.stringify(counts)}`)
  }),
  await measure('/feedback?days=30', () => {}),
  await measure('/recommendations?page_size=100', () => {}),
  await measure('/recommendations?status=open&min_confidence=0.8', () => {}),
]
process.stdout.write(
  `${CALLS} stored recommendations, ${REQUESTS} sequential requests each\n\n| request | p50 ms | p99 ms |\n| --- | --- | --- |\n${rows.join('\n')}\n`,
)
await t.close()
