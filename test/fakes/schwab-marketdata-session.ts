/**
 * The setup the Market Data test files share: one Schwab fake and one login's access token for all
 * of a file's tests (started before them, closed after), GET under /marketdata/v1 with that token,
 * and the check that paths answer 400 in the Market Data error shape.
 */
import assert from 'node:assert/strict'
import { after, before } from 'node:test'
import { fakeTokens, schwabApi, type SchwabBrokerFake, startSchwabBrokerFake } from './schwab-broker-fake.ts'

export function marketDataSession() {
  let fake: SchwabBrokerFake
  let token: string
  before(async () => {
    fake = await startSchwabBrokerFake()
    token = (await fakeTokens(fake)).access_token
  })
  after(() => fake.close())

  const get = (path: string) => schwabApi(fake, `/marketdata/v1${path}`, token)

  /** Each path answers 400 in the Market Data error shape. */
  async function assertBadRequests(paths: string[]) {
    for (const path of paths) {
      const res = await get(path)
      assert.equal(res.status, 400, path)
      const [e] = res.body.errors
      assert.deepEqual(
        [e.status, e.title, typeof e.detail, typeof e.id],
        ['400', 'Bad Request', 'string', 'string'],
        path,
      )
    }
  }
  return { get, assertBadRequests }
}
