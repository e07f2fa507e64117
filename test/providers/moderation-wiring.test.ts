import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { startOpenAiFake, type OpenAiFake } from '../fakes/openai-fake.ts'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'

describe('ctx.providers.moderation', () => {
  let fake: OpenAiFake
  let off: TestApp
  let on: TestApp

  before(async () => {
    fake = await startOpenAiFake()
    off = await buildTestApp()
    on = await buildTestApp({
      env: {
        MODERATION_BASE_URL: fake.baseUrl,
        MODERATION_API_KEY: fake.apiKey,
        MODERATION_MODEL: 'omni-moderation-2024-09-26',
      },
    })
  })
  after(async () => {
    await off.close()
    await on.close()
    await fake.close()
  })

  it('is null without MODERATION_BASE_URL', () => {
    assert.equal(off.c.providers.moderation, null)
  })

  it('is the configured endpoint and model when MODERATION_BASE_URL is set', async () => {
    const moderation = on.c.providers.moderation
    assert.ok(moderation)
    assert.equal(moderation.model, 'omni-moderation-2024-09-26')
    fake.flag('scam', 'illicit', 0.7)
    const [verdict] = await moderation.moderate(['this is a scam'])
    assert.equal(verdict?.flagged, true)
    assert.equal(verdict?.scores['illicit'], 0.7)
    assert.deepEqual(fake.requests.at(-1)?.body, {
      model: 'omni-moderation-2024-09-26',
      input: ['this is a scam'],
    })
  })
})
