/**
 * The learning endpoints: `npx tsx bench/ta-learn.ts [requests]` (PGlite in memory; `DATABASE_URL=…`
 * for a server). The real app on its configured (simulated) market provider, over a real port,
 * sequential requests on one keep-alive connection after 100 unmeasured ones:
 * - the public listing (no session; the catalog filtered and serialized);
 * - one concept's content: reads SPY's daily bars (through the cached market decorator), computes the
 *   dealing-range example and records the view (a no-op insert after the first);
 * - the progress of a user with 30 answers;
 * - an answer to an already answered question (the conflict path and the progress re-read).
 */
import { buildTestApp } from '../test/helpers/test-app.ts'
import { CONCEPTS } from '../src/modules/ta/ta-learn/index.ts'

const REQUESTS = Number(process.argv[2] ?? 1000)
const t = await buildTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } })
const u = await t.newTenant({ plan: 'pro' })
for (const c of CONCEPTS.slice(0, 10))
  for (const q of c.questions) await u.post('/api/ta/learn/quiz/answer', { question_id: q.id, answer: 'a' })
const base = await t.app.listen({ port: 0, host: '127.0.0.1' })
const auth = { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' }

async function measure(label: string, path: string, init: RequestInit = {}) {
  const times: number[] = []
  for (let i = 0; i < REQUESTS + 100; i++) {
    const t0 = performance.now()
    const res = await fetch(`${base}${path}`, { headers: auth, ...init })
    await res.arrayBuffer()
    if (res.status !== 200) throw new Error(`${label}: ${res.status}`)
    if (i >= 100) times.push(performance.now() - t0)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.floor(q * (times.length - 1))]!.toFixed(2)
  return `| ${label} | ${at(0.5)} | ${at(0.99)} |`
}

const rows = [
  await measure('GET /learn/concepts (public, no token)', '/api/ta/learn/concepts', { headers: {} }),
  await measure(
    'GET /learn/concepts/premium-discount (live example)',
    '/api/ta/learn/concepts/premium-discount',
  ),
  await measure('GET /learn/concepts/choch (breaks example)', '/api/ta/learn/concepts/choch'),
  await measure('GET /learn/progress (30 answers)', '/api/ta/learn/progress'),
  await measure('POST /learn/quiz/answer (repeat)', '/api/ta/learn/quiz/answer', {
    method: 'POST',
    body: JSON.stringify({ question_id: 'doji-1', answer: 'a' }),
  }),
  await measure('reference: GET /api/tenant', '/api/tenant'),
]
process.stdout.write(
  `${REQUESTS} sequential requests each\n\n| request | p50 ms | p99 ms |\n| --- | --- | --- |\n${rows.join('\n')}\n`,
)
await t.close()
