/**
 * The brokers module's review (issue 12) through HTTP: vendor refusals as 422s, one account_hash and
 * year rule for broker B's and the unified routes, error texts and field errors, broker_type case.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertProblem } from '../helpers/assertions.ts'
import { connectB } from '../helpers/brokerb.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'

const t = useTestApp()

async function connected(): Promise<Client> {
  const u = await t.newTenant()
  await connectB(t, u)
  return u
}

describe('broker B: a request Schwab refuses', () => {
  it('is a 422 broker.request_rejected naming the parameter, not a 502', async () => {
    const u = await connected()
    const res = await u.get('/api/brokerb/option-chain?symbol=AAPL&strategy=VERTICAL')
    const body = assertProblem(res, 422, 'broker.request_rejected')
    assert.match(body.detail, /^Schwab rejected the request: .*VERTICAL/)
    assert.deepEqual(body.errors[0].loc, ['query', 'strategy'])
    assert.equal(body.errors[0].type, 'request_rejected')
  })
})
