/** Earnings transcripts: idempotent ingest, list, extractive and language-model summaries, 404s. */
import assert from 'node:assert/strict'
import { after, before, beforeEach, describe, it } from 'node:test'
import type { Transcript, TranscriptsProvider } from '../../src/providers/market-data/index.ts'
import { UpstreamServerError } from '../../src/platform/upstream-errors.ts'
import { startOpenAiFake, type OpenAiFake } from '../fakes/openai-fake.ts'
import { json } from '../helpers/assertions.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'

const REVENUE = 'Revenue for the quarter was $12.5 billion, up 8% year over year.'
const GUIDANCE =
  'For the next quarter, our guidance calls for revenue between $13.0 billion and $13.4 billion.'
const MARGIN = 'Gross margin was 45.2%, up 120 basis points from a year ago.'
const RISK = 'The main risk to this outlook is supply-chain uncertainty in Asia.'
const FILLER = 'The weather at our campus was pleasant this week.'
const QUESTION = 'What is your outlook for margins and revenue next year?'

const call = (symbol: string, year: number, quarter: number, time: string): Transcript => ({
  id: `${symbol}-${year}Q${quarter}`,
  symbol,
  title: `${symbol} Q${quarter} ${year} Earnings Call`,
  year,
  quarter,
  time,
  sections: [
    {
      speaker: 'Operator',
      role: 'Operator',
      text: 'Welcome to the call. Revenue guidance will be discussed.',
    },
    { speaker: 'Ann Lee', role: 'CEO', text: `Thank you all for joining us today. ${REVENUE} ${FILLER}` },
    { speaker: 'Bo Chan', role: 'CFO', text: `${MARGIN} ${GUIDANCE} ${RISK}` },
    { speaker: 'Cy Ray, Bank', role: 'Analyst', text: QUESTION },
  ],
})
const CALLS: Record<string, Transcript[]> = {
  ACME: [
    call('ACME', 2026, 3, '2026-10-28T20:30:00Z'),
    call('ACME', 2026, 2, '2026-07-29T20:30:00Z'),
    call('ACME', 2026, 1, '2026-04-29T20:30:00Z'),
  ],
  BETA: [call('BETA', 2026, 3, '2026-10-30T12:00:00Z')],
}

const fetches: { symbol: string; limit: number }[] = []
let failing = false
const provider: TranscriptsProvider = {
  name: 'test',
  async transcripts(symbol, limit) {
    fetches.push({ symbol, limit })
    if (failing) throw new UpstreamServerError('down', { provider: 'test', status: 503 })
    return (CALLS[symbol] ?? []).slice(0, limit)
  },
}

let t: TestApp // no language model configured
let tm: TestApp // the OpenAI-compatible adapter, configured as an operator would, against the loopback fake
let fake: OpenAiFake

before(async () => {
  fake = await startOpenAiFake()
  t = await buildTestApp({ providers: { transcripts: provider } })
  tm = await buildTestApp({
    env: {
      LLM_BASE_URL: fake.baseUrl,
      LLM_API_KEY: fake.apiKey,
      LLM_MODEL: 'gpt-test',
      LLM_DAILY_CALLS_PER_TENANT: '3',
    },
    providers: { transcripts: provider },
  })
})
after(async () => {
  await t.close()
  await tm.close()
  await fake.close()
})
beforeEach(() => {
  fetches.length = 0
  failing = false
  fake.reset()
})

const ok = async (p: Promise<{ statusCode: number; body: string }>) => {
  const res = await p
  assert.equal(res.statusCode, 200, res.body)
  return json(res.body)
}
const list = (u: Client, symbol: string) => ok(u.get(`/api/earnings/transcripts/${symbol}`))
const summary = (u: Client, symbol: string, id: number, query = '') =>
  ok(u.post(`/api/earnings/transcripts/${symbol}/${id}/summary${query}`))

describe('earnings transcripts', () => {
  let u: Client
  before(async () => {
    u = await t.newTenant()
  })

  it('ingest stores new transcripts only (idempotent by vendor id) and list shows them newest first', async () => {
    assert.deepEqual(await ok(u.post('/api/earnings/transcripts/acme/ingest?limit=2')), {
      ingested: 2,
      total: 2,
    })
    assert.deepEqual(fetches, [{ symbol: 'ACME', limit: 2 }])
    assert.deepEqual(await ok(u.post('/api/earnings/transcripts/ACME/ingest?limit=2')), {
      ingested: 0,
      total: 2,
    })
    assert.deepEqual(await ok(u.post('/api/earnings/transcripts/ACME/ingest')), { ingested: 1, total: 3 })
    assert.equal(fetches[2]?.limit, 4, 'limit defaults to 4')

    const { items } = await list(u, 'acme')
    assert.deepEqual(
      items.map((i: Record<string, unknown>) => [
        i.symbol,
        i.title,
        i.year,
        i.quarter,
        i.time,
        i.has_summary,
      ]),
      [
        ['ACME', 'ACME Q3 2026 Earnings Call', 2026, 3, '2026-10-28T20:30:00.000Z', false],
        ['ACME', 'ACME Q2 2026 Earnings Call', 2026, 2, '2026-07-29T20:30:00.000Z', false],
        ['ACME', 'ACME Q1 2026 Earnings Call', 2026, 1, '2026-04-29T20:30:00.000Z', false],
      ],
    )
    for (const i of items) assert.ok(Number.isInteger(i.transcript_id))
    assert.deepEqual(await list(u, 'NONE'), { items: [] })
    // Public data: another tenant sees the same transcripts.
    assert.equal((await list(await t.newTenant(), 'ACME')).items.length, 3)
  })

  it('without a model: an extractive summary of the revenue, guidance, margin and risk sentences, stored', async () => {
    await ok(u.post('/api/earnings/transcripts/ACME/ingest?limit=3'))
    const id = (await list(u, 'ACME')).items[0].transcript_id as number
    const first = await summary(u, 'ACME', id)
    assert.deepEqual(
      { ...first, summary: undefined },
      { transcript_id: id, summary: undefined, method: 'extractive', cached: false, degraded: false },
    )
    // The key sentences, in call order; no pleasantries, filler, operator lines or analyst questions.
    assert.equal(first.summary, [REVENUE, MARGIN, GUIDANCE, RISK].join(' '))
    assert.equal(fake.requests.length, 0)

    const again = await summary(u, 'ACME', id)
    assert.deepEqual(again, { ...first, cached: true })
    assert.equal((await list(u, 'ACME')).items[0].has_summary, true)

    // force_refresh recomputes: a tampered stored summary is replaced.
    await t.c.scopes.withSystem('test', ({ db }) =>
      db
        .updateTable('transcript_summary')
        .set({ summary: 'stale' })
        .where('transcript_id', '=', id)
        .execute(),
    )
    assert.equal((await summary(u, 'ACME', id)).summary, 'stale')
    const fresh = await summary(u, 'ACME', id, '?force_refresh=true')
    assert.equal(fresh.cached, false)
    assert.equal(fresh.summary, first.summary)
    assert.equal((await summary(u, 'ACME', id)).summary, first.summary)
  })

  it('with a model: the answer becomes the summary; the request carries the model, messages and key', async () => {
    const u = await tm.newTenant()
    await ok(u.post('/api/earnings/transcripts/ACME/ingest?limit=3'))
    const id = (await list(u, 'ACME')).items[1].transcript_id as number
    fake.answer = '  ACME grew revenue 8% and guided to $13.0–13.4 billion.  '
    const body = await summary(u, 'ACME', id)
    assert.deepEqual(body, {
      transcript_id: id,
      summary: 'ACME grew revenue 8% and guided to $13.0–13.4 billion.',
      method: 'llm',
      model: 'gpt-test-2025-01-01',
      cached: false,
      degraded: false,
    })
    assert.equal(fake.requests.length, 1)
    const req = fake.requests[0]!
    assert.equal(req.authorization, `Bearer ${fake.apiKey}`)
    assert.equal(req.body?.model, 'gpt-test')
    const messages = req.body?.messages as { role: string; content: string }[]
    assert.deepEqual(
      messages.map((m) => m.role),
      ['system', 'user'],
    )
    assert.match(messages[1]!.content, /^ACME Q2 2026 Earnings Call\n/)
    assert.ok(messages[1]!.content.includes(`Bo Chan (CFO): ${MARGIN}`))

    assert.deepEqual(await summary(u, 'ACME', id), { ...body, cached: true })
    assert.equal(fake.requests.length, 1, 'the stored summary is served without calling the model')
  })

  it('a model failure falls back to the extractive summary, degraded and not stored', async () => {
    const u = await tm.newTenant()
    await ok(u.post('/api/earnings/transcripts/ACME/ingest?limit=3'))
    const id = (await list(u, 'ACME')).items[2].transcript_id as number
    fake.failNext(500)
    const body = await summary(u, 'ACME', id)
    assert.equal(body.method, 'extractive')
    assert.equal(body.degraded, true)
    assert.equal(body.reason, 'language model unavailable (server)')
    assert.equal(body.summary, [REVENUE, MARGIN, GUIDANCE, RISK].join(' '))
    assert.equal(body.model, undefined)
    assert.equal((await list(u, 'ACME')).items[2].has_summary, false)
    // The model is back: the next request uses it.
    assert.equal((await summary(u, 'ACME', id)).method, 'llm')
  })

  it('a tenant past its daily model budget gets extractive summaries, degraded; other tenants do not', async () => {
    const heavy = await tm.newTenant()
    const light = await tm.newTenant()
    await ok(heavy.post('/api/earnings/transcripts/ACME/ingest?limit=3'))
    const id = (await list(heavy, 'ACME')).items[0].transcript_id as number
    fake.answer = 'A model summary.'
    for (let i = 0; i < 3; i++)
      assert.equal((await summary(heavy, 'ACME', id, '?force_refresh=true')).method, 'llm')
    const over = await summary(heavy, 'ACME', id, '?force_refresh=true')
    assert.equal(over.method, 'extractive')
    assert.equal(over.degraded, true)
    assert.equal(over.reason, 'daily language-model budget used up (3 calls per day)')
    assert.equal(fake.requests.length, 3, 'the fourth request never reached the model')
    const stored = await summary(heavy, 'ACME', id)
    assert.equal(stored.method, 'llm', 'the degraded answer was not stored over the model one')
    assert.equal(stored.cached, true)
    assert.equal((await summary(light, 'ACME', id, '?force_refresh=true')).method, 'llm')
    assert.equal(fake.requests.length, 4)
  })

  it('404 for an unknown transcript or another symbol’s; 422 for bad input; 502 when the provider fails', async () => {
    await ok(u.post('/api/earnings/transcripts/ACME/ingest?limit=1'))
    await ok(u.post('/api/earnings/transcripts/BETA/ingest'))
    const acme = (await list(u, 'ACME')).items[0].transcript_id as number
    const missing = await u.post('/api/earnings/transcripts/ACME/99999999/summary')
    assert.equal(missing.statusCode, 404)
    assert.equal(json(missing.body).code, 'transcripts.not_found')
    assert.equal((await u.post(`/api/earnings/transcripts/BETA/${acme}/summary`)).statusCode, 404)

    for (const [method, url, loc] of [
      ['POST', '/api/earnings/transcripts/ACME/abc/summary', ['path', 'transcript_id']],
      [
        'POST',
        `/api/earnings/transcripts/ACME/${acme}/summary?force_refresh=maybe`,
        ['query', 'force_refresh'],
      ],
      ['POST', '/api/earnings/transcripts/ACME/ingest?limit=21', ['query', 'limit']],
      ['POST', '/api/earnings/transcripts/ACME/ingest?limit=0', ['query', 'limit']],
      ['GET', '/api/earnings/transcripts/BAD$SYMBOL', ['path', 'symbol']],
    ] as const) {
      const res = await u.inject({ method, url })
      assert.equal(res.statusCode, 422, url)
      assert.deepEqual(json(res.body).errors[0].loc, loc, url)
    }

    failing = true
    const down = await u.post('/api/earnings/transcripts/ACME/ingest')
    assert.equal(down.statusCode, 502)
    assert.equal(json(down.body).code, 'transcripts.upstream_unavailable')
    assert.equal((await t.anon.get('/api/earnings/transcripts/ACME')).statusCode, 401)
  })
})
