import assert from 'node:assert/strict'
import { after, before, beforeEach, describe, it } from 'node:test'
import { startOpenAiFake, type OpenAiFake } from '../fakes/openai-fake.ts'
import { BASELINE_SCORE, MODERATION_CATEGORIES } from '../fakes/openai-fake-moderation.ts'
import {
  UpstreamAuthError,
  UpstreamProtocolError,
  UpstreamServerError,
  createHttpClient,
  type HttpClient,
} from '../../src/providers/shared/http.ts'
import { createModeration, type ModerationProvider } from '../../src/providers/moderation/index.ts'

const rejection = (p: Promise<unknown>): Promise<unknown> =>
  p.then(
    (v) => assert.fail(`expected rejection, got ${JSON.stringify(v)}`),
    (e: unknown) => e,
  )

describe('OpenAI moderation adapter', () => {
  let fake: OpenAiFake
  let sleeps: number[]
  let http: HttpClient
  let moderation: ModerationProvider

  before(async () => {
    fake = await startOpenAiFake()
  })
  after(() => fake.close())
  beforeEach(() => {
    fake.reset()
    sleeps = []
    http = createHttpClient({ sleep: async (ms) => void sleeps.push(ms), random: () => 0 })
    const made = createModeration(
      { MODERATION_BASE_URL: fake.baseUrl, MODERATION_API_KEY: fake.apiKey },
      { http },
    )
    assert.ok(made)
    moderation = made
  })

  it('is not configured without MODERATION_BASE_URL, and defaults to omni-moderation-latest', () => {
    assert.equal(createModeration({ MODERATION_API_KEY: 'sk-x' }), null)
    assert.equal(moderation.model, 'omni-moderation-latest')
    const other = createModeration({
      MODERATION_BASE_URL: fake.baseUrl,
      MODERATION_MODEL: 'text-moderation-stable',
    })
    assert.equal(other?.model, 'text-moderation-stable')
  })

  it('posts {model, input: [..]} with the Bearer key and returns one verdict per input, in order', async () => {
    fake.flag('kill you', 'harassment/threatening', 0.91)
    fake.flag('kill you', 'violence', 0.88)
    fake.flag('idiots', 'harassment', 0.62)
    const inputs = ['Nice chart, thanks.', 'I will kill you', 'You are all idiots', 'Buy low.']
    const verdicts = await moderation.moderate(inputs)
    assert.equal(fake.requests.length, 1)
    assert.equal(fake.requests[0]!.path, '/v1/moderations')
    assert.equal(fake.requests[0]!.authorization, `Bearer ${fake.apiKey}`)
    assert.deepEqual(fake.requests[0]!.body, { model: 'omni-moderation-latest', input: inputs })
    assert.deepEqual(
      verdicts.map((v) => v.flagged),
      [false, true, true, false],
    )
    assert.equal(verdicts[1]!.categories['harassment/threatening'], true)
    assert.equal(verdicts[1]!.categories['violence'], true)
    assert.equal(verdicts[1]!.categories['harassment'], false)
    assert.equal(verdicts[1]!.scores['harassment/threatening'], 0.91)
    assert.equal(verdicts[1]!.scores['violence'], 0.88)
    assert.equal(verdicts[2]!.categories['harassment'], true)
    assert.equal(verdicts[2]!.scores['harassment'], 0.62)
    assert.equal(verdicts[0]!.scores['violence'], BASELINE_SCORE)
    assert.deepEqual(Object.keys(verdicts[0]!.categories).sort(), [...MODERATION_CATEGORIES].sort())
  })

  it('reads a category the model does not judge (null) as false, not as flagged', async () => {
    const older = createModeration(
      {
        MODERATION_BASE_URL: fake.baseUrl,
        MODERATION_API_KEY: fake.apiKey,
        MODERATION_MODEL: 'text-moderation-stable',
      },
      { http },
    )!
    const [v] = await older.moderate(['hello'])
    assert.equal(v!.categories['illicit'], false)
    assert.equal(v!.categories['illicit/violent'], false)
    assert.equal(v!.flagged, false)
  })

  it('keeps the scores of a scripted answer exactly and skips null scores', async () => {
    fake.moderationNext([
      {
        flagged: true,
        categories: { violence: true, illicit: null },
        category_scores: { violence: 0.73, illicit: null },
      },
    ])
    const [v] = await moderation.moderate(['x'])
    assert.deepEqual(v, {
      flagged: true,
      categories: { violence: true, illicit: false },
      scores: { violence: 0.73 },
    })
  })

  it('refuses an answer with a different number of results than inputs, or a score outside [0, 1]', async () => {
    fake.moderationNext([])
    assert.ok((await rejection(moderation.moderate(['a']))) instanceof UpstreamProtocolError)
    fake.moderationNext([{ flagged: false, categories: { hate: false }, category_scores: { hate: 1.5 } }])
    assert.ok((await rejection(moderation.moderate(['a']))) instanceof UpstreamProtocolError)
    fake.moderationNext([{ flagged: 'no', categories: {}, category_scores: {} }])
    assert.ok((await rejection(moderation.moderate(['a']))) instanceof UpstreamProtocolError)
  })

  it('sends nothing for no inputs', async () => {
    assert.deepEqual(await moderation.moderate([]), [])
    assert.equal(fake.requests.length, 0)
  })

  it('raises typed errors: 401 → UpstreamAuthError, 500 → UpstreamServerError (not retried), 429 retried', async () => {
    fake.failNext(401)
    const auth = await rejection(moderation.moderate(['a']))
    assert.ok(auth instanceof UpstreamAuthError, String(auth))
    assert.equal(auth.status, 401)
    fake.reset()
    fake.failNext(500)
    const server = await rejection(moderation.moderate(['a']))
    assert.ok(server instanceof UpstreamServerError, String(server))
    assert.equal(fake.requests.length, 1)
    fake.reset()
    fake.rateLimitNext(1, 2)
    const [v] = await moderation.moderate(['a'])
    assert.equal(v!.flagged, false)
    assert.deepEqual(sleeps, [2000])
    assert.deepEqual(
      fake.requests.map((r) => r.status),
      [429, 200],
    )
  })

  it('a wrong key is an UpstreamAuthError', async () => {
    const wrong = createModeration(
      { MODERATION_BASE_URL: fake.baseUrl, MODERATION_API_KEY: 'sk-wrong' },
      { http },
    )!
    const e = await rejection(wrong.moderate(['a']))
    assert.ok(e instanceof UpstreamAuthError, String(e))
    assert.ok(!e.message.includes('sk-wrong'))
  })
})
