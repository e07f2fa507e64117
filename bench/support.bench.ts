/**
 * Support assistant: `npx tsx bench/support.bench.ts [turns]` (default 200). The real app (PGlite in
 * memory, or `DATABASE_URL=…`) over a real port with no language model, so the offline retrieval
 * responder answers. Each turn is a POST …/messages with `Accept: text/event-stream` on a fresh
 * conversation, one at a time after 20 unmeasured ones; reports the time to the first byte of the
 * stream (the `meta` event: the gates, the classifier and the stored user turn are behind it), to
 * the first `token` event, and to the end of the stream, as p50 / p95 / max. Target: first byte
 * p50 < 50 ms.
 */
import { buildTestApp } from '../test/helpers/test-app.ts'

const TURNS = Number(process.argv[2] ?? 200)
const WARMUP = 20
const QUESTIONS = [
  'How do I connect my broker account?',
  'How do price alerts work?',
  'How do I set up two-factor authentication?',
  'What does the screener do?',
  'How do I create an API key?',
]

const t = await buildTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } })
await t.db.handle.raw(
  `insert into plan (code, name, rank, limits) values ('bench_support', 'Bench', 95,
    '{"support_ai_messages_per_day": 1000000, "support_ai_tokens_per_day": 1000000, "support_ai_messages_per_minute": 1000000}')`,
)
const u = await t.newTenant({ plan: 'bench_support' })
const base = await t.app.listen({ port: 0, host: '127.0.0.1' })
const auth = { authorization: `Bearer ${u.token}` }

async function turn(i: number) {
  const created = await fetch(`${base}/api/support/ai/conversations`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: '{}',
  })
  const { conversation_id } = (await created.json()) as { conversation_id: number }
  const start = performance.now()
  const res = await fetch(`${base}/api/support/ai/conversations/${conversation_id}/messages`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ content: QUESTIONS[i % QUESTIONS.length] }),
  })
  if (res.status !== 200) throw new Error(`turn ${i}: ${res.status} ${await res.text()}`)
  let first = 0
  let token = 0
  let text = ''
  const decoder = new TextDecoder()
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    if (!first) first = performance.now() - start
    text += decoder.decode(chunk, { stream: true })
    if (!token && text.includes('event: token')) token = performance.now() - start
  }
  if (!text.includes('event: done')) throw new Error(`turn ${i}: no done event`)
  return { first, token, total: performance.now() - start }
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!
}
const fmt = (xs: number[]) =>
  `p50 ${pct(xs, 50).toFixed(1)} ms · p95 ${pct(xs, 95).toFixed(1)} ms · max ${Math.max(...xs).toFixed(1)} ms`

try {
  for (let i = 0; i < WARMUP; i++) await turn(i)
  const runs = []
  for (let i = 0; i < TURNS; i++) runs.push(await turn(i))
  console.log(`support assistant, ${TURNS} streamed turns (offline retrieval responder)`)
  console.log(`  first byte   ${fmt(runs.map((r) => r.first))}`)
  console.log(`  first token  ${fmt(runs.map((r) => r.token))}`)
  console.log(`  whole answer ${fmt(runs.map((r) => r.total))}`)
} finally {
  await t.close()
}
