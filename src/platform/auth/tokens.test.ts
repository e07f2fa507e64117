import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createTokenSigner } from './tokens.ts'

const T0 = new Date('2026-11-25T09:00:00Z')
const at = (s: number) => new Date(T0.getTime() + s * 1000)
const claims = { userId: 7, tenantId: 3, role: 'user' as const, sessionId: 'S1', tokenId: 'J1' }

describe('access tokens', () => {
  it('a verified token verifies again from the cache, with the same claims, until the second it expires', async () => {
    const signer = createTokenSigner('a-secret-of-enough-length-for-hs256!')
    const token = await signer.sign(claims, 60, T0)
    const first = await signer.verify(token, at(1))
    assert.deepEqual(first, { ...claims, expiresAt: at(60) })
    assert.deepEqual(await signer.verify(token, at(59.9)), first)
    assert.equal(await signer.verify(token, at(60)), null, 'expired at exp, as jose decides')
    assert.equal(await signer.verify(token, at(61)), null, 'and after')
  })

  it('never lets a tampered token or another key through, before or after the genuine one is cached', async () => {
    const signer = createTokenSigner('a-secret-of-enough-length-for-hs256!')
    const token = await signer.sign(claims, 60, T0)
    const [h, p, sig] = token.split('.') as [string, string, string]
    const flipped = `${h}.${p}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'AB' : 'AA'}`
    const forged = `${h}.${Buffer.from(JSON.stringify({ sub: '1', tid: 1, role: 'admin', sid: 'S', jti: 'J', exp: 2e9 })).toString('base64url')}.${sig}`
    assert.equal(await signer.verify(flipped, at(1)), null)
    assert.ok(await signer.verify(token, at(1)))
    assert.equal(await signer.verify(flipped, at(1)), null)
    assert.equal(await signer.verify(forged, at(1)), null)
    const other = createTokenSigner('another-secret-of-enough-length-for-hs256')
    assert.equal(await other.verify(token, at(1)), null)
  })

  it('a returned claims object is the caller’s: changing it changes no later answer', async () => {
    const signer = createTokenSigner('a-secret-of-enough-length-for-hs256!')
    const token = await signer.sign(claims, 60, T0)
    const got = await signer.verify(token, at(1))
    assert.ok(got)
    got.role = 'admin'
    assert.equal((await signer.verify(token, at(2)))?.role, 'user')
  })
})
