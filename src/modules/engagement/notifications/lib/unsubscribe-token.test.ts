import assert from 'node:assert/strict'
import { createHmac, timingSafeEqual } from 'node:crypto'
import { describe, it } from 'node:test'
import { signUnsubscribeToken, verifyUnsubscribeToken, type TokenMac } from './unsubscribe-token.ts'

const hmac = (key: string): TokenMac => {
  const mac = (d: string) => createHmac('sha256', key).update(d).digest('base64url')
  return {
    mac,
    verify: (d, tag) => tag.length === 43 && timingSafeEqual(Buffer.from(mac(d)), Buffer.from(tag)),
  }
}
const k = hmac('k1')
const issuedAt = new Date('2026-01-01T00:00:00Z')
const claims = { tenantId: 7, userId: 42, list: 'alerts', issuedAt }

describe('unsubscribe tokens', () => {
  it('round-trips v1.<payload {t,u,list,iat}>.<HMAC-SHA256>', () => {
    const token = signUnsubscribeToken(k, claims)
    const [v, payload, tag] = token.split('.')
    assert.equal(v, 'v1')
    assert.deepEqual(JSON.parse(Buffer.from(payload!, 'base64url').toString()), {
      t: 7,
      u: 42,
      list: 'alerts',
      iat: 1767225600,
    })
    assert.equal(tag, createHmac('sha256', 'k1').update(`v1.${payload}`).digest('base64url'))
    assert.deepEqual(verifyUnsubscribeToken(k, token, new Date('2026-03-01T00:00:00Z')), claims)
  })

  it('refuses another key, an altered payload and a token older than 180 days', () => {
    const token = signUnsubscribeToken(k, claims)
    assert.equal(verifyUnsubscribeToken(hmac('k2'), token, issuedAt), null)
    const [, , tag] = token.split('.')
    const forged = Buffer.from(JSON.stringify({ t: 7, u: 43, list: 'alerts', iat: 1767225600 })).toString(
      'base64url',
    )
    assert.equal(verifyUnsubscribeToken(k, `v1.${forged}.${tag}`, issuedAt), null)
    assert.ok(verifyUnsubscribeToken(k, token, new Date(issuedAt.getTime() + 180 * 86_400_000)))
    assert.equal(verifyUnsubscribeToken(k, token, new Date(issuedAt.getTime() + 180 * 86_400_000 + 1)), null)
    assert.equal(verifyUnsubscribeToken(k, 'v1.abc', issuedAt), null)
  })
})
