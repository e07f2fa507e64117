/**
 * The setup the Schwab fake's test files share: a new login with its MARGIN and CASH accounts, and
 * for the Market Data files one fake and one login's access token for all of a file's tests (started
 * before them, closed after), GET under /marketdata/v1 with that token, and the check that paths
 * answer 400 in the Market Data error shape.
 */
import assert from 'node:assert/strict'
import { after, before } from 'node:test'
import {
  FAKE_SCHWAB_NOW,
  fakeTokens,
  schwabApi,
  type SchwabBrokerFake,
  startSchwabBrokerFake,
} from './schwab-broker-fake.ts'

export { DAY_MS as DAY } from '../../src/kernel/dates.ts'
/** The fake's fixed clock, in epoch ms. */
export const NOW = Date.parse(FAKE_SCHWAB_NOW)
export const iso = (ms: number): string => new Date(ms).toISOString()

export interface FakeAccount {
  accountNumber: string
  hashValue: string
}

export interface FakeLogin {
  token: string
  refreshToken: string
  numbers: FakeAccount[]
  /** With its type, as GET /accounts/{hash} gives it. */
  margin: FakeAccount & { type: string }
  cash: FakeAccount & { type: string }
}

/** A new login (consent, code exchange) and its accounts, the MARGIN and the CASH one told apart. */
export async function fakeLogin(fake: SchwabBrokerFake): Promise<FakeLogin> {
  const { access_token: token, refresh_token: refreshToken } = await fakeTokens(fake)
  const get = (path: string) => schwabApi(fake, path, token)
  const numbers: FakeAccount[] = (await get('/trader/v1/accounts/accountNumbers')).body
  const types: string[] = await Promise.all(
    numbers.map(async (n) => (await get(`/trader/v1/accounts/${n.hashValue}`)).body.securitiesAccount.type),
  )
  const of = (type: string) => ({ ...(numbers[types.indexOf(type)] ?? assert.fail(`no ${type}`)), type })
  return { token, refreshToken, numbers, margin: of('MARGIN'), cash: of('CASH') }
}

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
