import assert from 'node:assert/strict'
import { createECDH, randomBytes } from 'node:crypto'
import { describe, it } from 'node:test'
import {
  base64urlBytes,
  deviceTokenRule,
  endpointProblems,
  isLoopbackHost,
  subscriptionProblems,
} from './target-rules.ts'

const locs = (ps: { loc: (string | number)[] }[]) => ps.map((p) => p.loc.join('.'))

describe('push target rules', () => {
  it('decodes canonical base64url only (padding optional, no +/ alphabet, no stray bits)', () => {
    const bytes = randomBytes(16)
    const text = bytes.toString('base64url')
    assert.deepEqual(base64urlBytes(text), bytes)
    assert.deepEqual(base64urlBytes(`${text}==`), bytes)
    assert.equal(base64urlBytes(`${text}=`), null, 'wrong padding length')
    assert.equal(base64urlBytes('a+b/'), null)
    assert.equal(base64urlBytes('QJ'), null, 'QJ sets bits past the one byte it encodes')
    assert.deepEqual(base64urlBytes('QA'), Buffer.from([0x40]))
    assert.equal(base64urlBytes('Q'), null)
  })

  it('knows loopback hosts', () => {
    for (const h of ['localhost', 'app.localhost', '127.0.0.1', '127.8.9.10', '[::1]'])
      assert.ok(isLoopbackHost(h), h)
    for (const h of ['example.com', '10.0.0.1', '128.0.0.1', '[::2]', 'localhost.example.com'])
      assert.ok(!isLoopbackHost(h), h)
  })

  it('takes http only for loopback outside production, and no loopback in production', () => {
    assert.deepEqual(endpointProblems('https://push.example.net/x', true), [])
    assert.deepEqual(endpointProblems('http://localhost:8080/x', false), [])
    assert.deepEqual(endpointProblems('https://[::1]:8443/x', false), [])
    assert.equal(endpointProblems('http://localhost:8080/x', true)[0]!.type, 'url_host')
    assert.equal(endpointProblems('https://127.0.0.1/x', true)[0]!.type, 'url_host')
    assert.equal(endpointProblems('http://push.example.net/x', false)[0]!.type, 'url_scheme')
    assert.equal(endpointProblems('wss://push.example.net/x', false)[0]!.type, 'url_scheme')
    assert.equal(endpointProblems('//push.example.net/x', false)[0]!.type, 'url')
  })

  it('lists every problem of a subscription at once, each at its field', () => {
    const p256dh = createECDH('prime256v1').generateKeys()
    const good = {
      endpoint: 'https://push.example.net/x',
      keys: { p256dh: p256dh.toString('base64url'), auth: randomBytes(16).toString('base64url') },
    }
    const now = new Date('2026-03-01T00:00:00Z')
    assert.deepEqual(subscriptionProblems({ ...good, expirationTime: now.getTime() + 1 }, now, false), [])
    const compressed = createECDH('prime256v1')
    compressed.generateKeys()
    const bad = {
      endpoint: 'http://push.example.net/x',
      expirationTime: now.getTime(),
      keys: {
        p256dh: compressed.getPublicKey('base64url', 'compressed'),
        auth: randomBytes(12).toString('base64url'),
      },
    }
    assert.deepEqual(locs(subscriptionProblems(bad, now, false)), [
      'body.endpoint',
      'body.keys.p256dh',
      'body.keys.auth',
      'body.expirationTime',
    ])
  })

  it('checks device tokens by platform and stores iOS ones lower case', () => {
    const hex = randomBytes(32).toString('hex').toUpperCase()
    assert.deepEqual(deviceTokenRule('ios', hex), { token: hex.toLowerCase(), problem: null })
    assert.ok(deviceTokenRule('ios', hex.slice(0, 62)).problem)
    assert.ok(deviceTokenRule('ios', `${hex}A`).problem, 'half a byte')
    assert.ok(deviceTokenRule('ios', 'A'.repeat(202)).problem)
    assert.equal(deviceTokenRule('ios', 'A'.repeat(200)).problem, null)
    assert.equal(deviceTokenRule('android', 'a:B_-'.repeat(20)).problem, null)
    assert.ok(deviceTokenRule('android', 'a'.repeat(99)).problem)
    assert.ok(deviceTokenRule('android', `${'a'.repeat(100)}.`).problem)
    assert.equal(deviceTokenRule('android', 'a'.repeat(100)).token, 'a'.repeat(100))
  })
})
