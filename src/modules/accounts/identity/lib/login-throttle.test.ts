import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { delayAfter, sourceOf } from './login-throttle.ts'

const C = {
  LOGIN_FREE_FAILURES: 5,
  LOGIN_DELAY_BASE_SECONDS: 1,
  LOGIN_DELAY_MAX_SECONDS: 900,
  LOGIN_FAILURES_PER_ACCOUNT: 100,
}

describe('login throttle', () => {
  it('waits nothing for the free failures, then 1, 2, 4 … seconds, capped at 900', () => {
    assert.deepEqual(
      [1, 4, 5, 6, 7, 14, 15, 40, 10_000].map((n) => delayAfter(n, C)),
      [0, 0, 1, 2, 4, 512, 900, 900, 900],
    )
  })

  it('keys IPv4 by address and IPv6 by its /64 prefix', () => {
    assert.equal(sourceOf('198.51.100.7'), '198.51.100.7')
    assert.equal(sourceOf('::ffff:198.51.100.7'), '198.51.100.7')
    assert.equal(sourceOf('2001:db8:0:1::5'), '2001:db8:0:1::/64')
    assert.equal(sourceOf('2001:0db8:0000:0001:aaaa:bbbb:cccc:dddd'), '2001:db8:0:1::/64')
    assert.equal(sourceOf('::1'), '0:0:0:0::/64')
    assert.equal(sourceOf(null), 'unknown')
  })
})
