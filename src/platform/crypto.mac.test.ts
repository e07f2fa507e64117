/**
 * SecretCipher.mac / verifyMac: HMAC-SHA256 under a key derived per purpose with HKDF-SHA256,
 * checked against node:crypto computed independently here.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createHmac, hkdfSync, randomBytes } from 'node:crypto'
import { createCipher, generateKey } from './crypto.ts'

/** The documented construction, rebuilt from node:crypto alone. */
function expectedMac(keyBase64: string, purpose: string, data: string): string {
  const derived = hkdfSync(
    'sha256',
    Buffer.from(keyBase64, 'base64'),
    Buffer.alloc(0),
    `sextant mac: ${purpose}`,
    32,
  )
  return createHmac('sha256', Buffer.from(derived)).update(data, 'utf8').digest('base64url')
}

const BASE64URL_SHA256 = /^[A-Za-z0-9_-]{43}$/

describe('createCipher: mac', () => {
  const key = generateKey()
  const cipher = createCipher(key)

  it('is deterministic for the same key, purpose and data, across cipher instances', () => {
    const tag = cipher.mac('oauth-state', 'payload')
    assert.match(tag, BASE64URL_SHA256)
    assert.equal(cipher.mac('oauth-state', 'payload'), tag)
    assert.equal(createCipher(key).mac('oauth-state', 'payload'), tag)
  })

  it('differs per purpose, per key and per data', () => {
    const tag = cipher.mac('oauth-state', 'payload')
    assert.notEqual(cipher.mac('oauth-state-2', 'payload'), tag)
    assert.notEqual(cipher.mac('', 'payload'), tag)
    assert.notEqual(createCipher(generateKey()).mac('oauth-state', 'payload'), tag)
    assert.notEqual(cipher.mac('oauth-state', 'payload '), tag)
    // The purpose is not simply concatenated with the data.
    assert.notEqual(cipher.mac('ab', 'c'), cipher.mac('a', 'bc'))
    assert.notEqual(cipher.mac('a', ''), cipher.mac('', 'a'))
  })

  it('equals HMAC-SHA256 under the HKDF-SHA256 key derived for the purpose', () => {
    const keys = [key, Buffer.alloc(32).toString('base64'), randomBytes(32).toString('base64')]
    const inputs: [string, string][] = [
      ['broker-oauth-state', 'eyJ0IjoxfQ'],
      ['purpose with spaces', ''],
      ['ünïcødé', 'dätä 🔐'],
      ['x', 'y'.repeat(10_000)],
    ]
    for (const k of keys) {
      const c = createCipher(k)
      for (const [purpose, data] of inputs) assert.equal(c.mac(purpose, data), expectedMac(k, purpose, data))
    }
  })

  it('does not use the encryption key itself as the MAC key', () => {
    const raw = createHmac('sha256', Buffer.from(key, 'base64')).update('payload', 'utf8').digest('base64url')
    assert.notEqual(cipher.mac('oauth-state', 'payload'), raw)
  })
})

describe('createCipher: verifyMac', () => {
  const key = generateKey()
  const cipher = createCipher(key)
  const tag = cipher.mac('oauth-state', 'payload')

  it('accepts the tag of the same purpose and data', () => {
    assert.equal(cipher.verifyMac('oauth-state', 'payload', tag), true)
    assert.equal(cipher.verifyMac('oauth-state', 'payload', expectedMac(key, 'oauth-state', 'payload')), true)
  })

  it('rejects a tag for other data, another purpose or another key', () => {
    assert.equal(cipher.verifyMac('oauth-state', 'payload2', tag), false)
    assert.equal(cipher.verifyMac('other', 'payload', tag), false)
    assert.equal(cipher.verifyMac('other', 'payload', cipher.mac('other', 'payload')), true)
    assert.equal(createCipher(generateKey()).verifyMac('oauth-state', 'payload', tag), false)
  })

  it('rejects altered, wrong-length and garbage tags without throwing', () => {
    const flipped = `${tag.slice(0, 10)}${tag[10] === 'A' ? 'B' : 'A'}${tag.slice(11)}`
    const garbage = [
      '',
      flipped,
      tag.slice(0, -1),
      `${tag}A`,
      `${tag}=`,
      tag.toUpperCase() === tag ? tag.toLowerCase() : tag.toUpperCase(),
      Buffer.from(tag, 'base64url').toString('hex'),
      Buffer.from(tag, 'base64url').toString('base64'),
      '!'.repeat(43),
      'é'.repeat(43), // 43 characters, 86 bytes
      `${'é'}${tag.slice(2)}`, // 42 characters, 43 bytes
      '\u0000'.repeat(43),
      ' '.repeat(1000),
    ]
    for (const g of garbage) {
      assert.doesNotThrow(() => cipher.verifyMac('oauth-state', 'payload', g), JSON.stringify(g))
      assert.equal(cipher.verifyMac('oauth-state', 'payload', g), false, JSON.stringify(g))
    }
  })
})
