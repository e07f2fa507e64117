import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { AppError } from '../../../platform/http/errors.ts'
import { neverSent, notConfigured, notConnected, reconnectRequired, stateMessage } from './broker-errors.ts'

describe('broker error texts', () => {
  it('not configured names each broker’s own settings', () => {
    assert.match(notConfigured('aggregator').message, /SNAPTRADE_CLIENT_ID and SNAPTRADE_CONSUMER_KEY/)
    assert.match(notConfigured('brokerb').message, /SCHWAB_APP_KEY and SCHWAB_APP_SECRET/)
    assert.match(notConfigured('brokera').message, /ALPACA_OAUTH_CLIENT_ID and ALPACA_OAUTH_CLIENT_SECRET/)
    assert.equal(notConfigured('brokera').status, 503)
  })

  it('state texts point to where each broker’s connection starts', () => {
    for (const p of ['missing', 'expired', 'reused'] as const) {
      assert.match(stateMessage(p, 'aggregator'), /POST \/api\/brokers\/aggregator\/connect/)
      assert.match(stateMessage(p, 'brokerb'), /GET \/api\/brokerb\/auth-url/)
    }
  })

  it('never sent: not configured, not connected, connect again; anything else may have reached the broker', () => {
    assert.equal(neverSent(notConfigured('brokerb')), true)
    assert.equal(neverSent(notConnected('brokera')), true)
    assert.equal(neverSent(reconnectRequired('brokerb', 'token refused')), true)
    assert.equal(neverSent(new AppError(503, 'upstream.unavailable', 'down')), false)
    assert.equal(neverSent(new Error('socket hang up')), false)
  })
})
