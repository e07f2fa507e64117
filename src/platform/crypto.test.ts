import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createCipheriv, createHash, randomBytes } from 'node:crypto'
import { createCipher, generateKey, randomToken, sha256Hex, timingSafeEqualStr } from './crypto.ts'

// Flip one bit in the given base64url segment of a token.
function tamper(token: string, index: number): string {
  const parts = token.split('.')
  const buf = Buffer.from(parts[index] ?? '', 'base64url')
  buf[0] = (buf[0] ?? 0) ^ 0x01
  parts[index] = buf.toString('base64url')
  return parts.join('.')
}

describe('createCipher', () => {
  const key = generateKey()
  const cipher = createCipher(key)

  it('round-trips, including unicode and empty strings', () => {
    for (const s of ['alpaca-secret', '', 'pässwörd 🔐', 'x'.repeat(10_000)]) {
      assert.equal(cipher.decrypt(cipher.encrypt(s)), s)
      assert.equal(cipher.decrypt(cipher.encrypt(s, 'tenant-1'), 'tenant-1'), s)
    }
  })

  it('uses the v1.<iv>.<ct>.<tag> format with a random 12-byte IV', () => {
    const a = cipher.encrypt('same')
    const b = cipher.encrypt('same')
    assert.notEqual(a, b)
    const parts = a.split('.')
    assert.equal(parts.length, 4)
    assert.equal(parts[0], 'v1')
    assert.equal(Buffer.from(parts[1] ?? '', 'base64url').length, 12)
    assert.equal(Buffer.from(parts[3] ?? '', 'base64url').length, 16)
    assert.notEqual(parts[1], b.split('.')[1])
    assert.ok(!a.includes('same'))
  })

  it('rejects tampered iv, ciphertext or tag', () => {
    const token = cipher.encrypt('secret value')
    for (const i of [1, 2, 3]) assert.throws(() => cipher.decrypt(tamper(token, i)), /Unable to decrypt/)
  })

  it('rejects malformed tokens', () => {
    const token = cipher.encrypt('x')
    for (const bad of [
      '',
      'v1',
      'v1.a.b',
      `v2${token.slice(2)}`,
      `${token}.extra`,
      token.replace(/\.[^.]+$/, '.AAAA'),
    ]) {
      assert.throws(() => cipher.decrypt(bad), /Unable to decrypt/, bad)
    }
  })

  it('rejects a different key', () => {
    const token = cipher.encrypt('secret')
    assert.throws(() => createCipher(generateKey()).decrypt(token), /Unable to decrypt/)
  })

  it('binds the ciphertext to its AAD', () => {
    const token = cipher.encrypt('secret', 'tenant-a')
    assert.throws(() => cipher.decrypt(token, 'tenant-b'), /Unable to decrypt/)
    assert.throws(() => cipher.decrypt(token), /Unable to decrypt/)
    assert.throws(() => cipher.decrypt(cipher.encrypt('secret'), 'tenant-a'), /Unable to decrypt/)
  })

  it('rejects keys that are not 32 bytes of base64', () => {
    assert.throws(() => createCipher(randomBytes(16).toString('base64')), /32 bytes/)
    assert.throws(() => createCipher(randomBytes(33).toString('base64')), /32 bytes/)
    assert.throws(() => createCipher(''), /32 bytes/)
    assert.throws(() => createCipher('not base64 at all!!'), /32 bytes/)
    assert.throws(() => createCipher(`${generateKey()}@@`), /32 bytes/)
  })

  it('decrypts a token built independently with node:crypto', () => {
    const raw = randomBytes(32)
    const iv = randomBytes(12)
    const c = createCipheriv('aes-256-gcm', raw, iv)
    c.setAAD(Buffer.from('tenant-42'))
    const ct = Buffer.concat([c.update('hand-made', 'utf8'), c.final()])
    const token = `v1.${iv.toString('base64url')}.${ct.toString('base64url')}.${c.getAuthTag().toString('base64url')}`
    assert.equal(createCipher(raw.toString('base64')).decrypt(token, 'tenant-42'), 'hand-made')
  })
})

describe('token helpers', () => {
  it('generateKey yields 32 random bytes', () => {
    const k = generateKey()
    assert.equal(Buffer.from(k, 'base64').length, 32)
    assert.notEqual(k, generateKey())
  })

  it('randomToken is base64url of the requested length', () => {
    const t = randomToken()
    assert.match(t, /^[A-Za-z0-9_-]+$/)
    assert.equal(Buffer.from(t, 'base64url').length, 32)
    assert.equal(Buffer.from(randomToken(16), 'base64url').length, 16)
    assert.notEqual(t, randomToken())
  })

  it('sha256Hex matches a known vector', () => {
    assert.equal(sha256Hex('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    assert.equal(sha256Hex('é'), createHash('sha256').update('é', 'utf8').digest('hex'))
  })

  it('timingSafeEqualStr compares without throwing', () => {
    assert.equal(timingSafeEqualStr('abc', 'abc'), true)
    assert.equal(timingSafeEqualStr('', ''), true)
    assert.equal(timingSafeEqualStr('abc', 'abd'), false)
    assert.equal(timingSafeEqualStr('abc', 'abcd'), false)
    assert.equal(timingSafeEqualStr('', 'a'), false)
    // Same UTF-16 length, different byte length.
    assert.equal(timingSafeEqualStr('é', 'e'), false)
  })
})
