/**
 * The SnapTrade signature against hand-written vectors: the canonical string is spelled out literally
 * here and its HMAC computed independently with node:crypto, so a change in key order, whitespace,
 * path or query handling fails.
 */
import assert from 'node:assert/strict'
import { createHmac } from 'node:crypto'
import { describe, it } from 'node:test'
import { canonicalJson, sign, signatureString, verifySignature } from './snaptrade-sign.ts'

const KEY = 'consumer-key-123'
const hmac = (msg: string) => createHmac('sha256', KEY).update(msg).digest('base64')

describe('SnapTrade request signature', () => {
  it('a GET: content null, path as on the wire, the raw query string', () => {
    const parts = {
      content: undefined,
      path: '/api/v1/accounts',
      query: 'userId=u1&userSecret=s%201&clientId=CLIENT&timestamp=1700000000',
    }
    const literal =
      '{"content":null,"path":"/api/v1/accounts","query":"userId=u1&userSecret=s%201&clientId=CLIENT&timestamp=1700000000"}'
    assert.equal(signatureString(parts), literal)
    assert.equal(sign(KEY, parts), hmac(literal))
    assert.equal(sign(KEY, parts), 'B7pnzu6aStJZ+sIPiokR/uTckeZnyh0x9+RWWXExeIM=')
  })

  it('a POST body: keys sorted at every level, no whitespace; {} signs as null', () => {
    const parts = {
      content: { userId: 'sx-1', b: { z: 1, a: [2, { y: true, x: null }] } },
      path: '/snapTrade/registerUser',
      query: 'clientId=CLIENT&timestamp=1700000000',
    }
    const literal =
      '{"content":{"b":{"a":[2,{"x":null,"y":true}],"z":1},"userId":"sx-1"},' +
      '"path":"/snapTrade/registerUser","query":"clientId=CLIENT&timestamp=1700000000"}'
    assert.equal(signatureString(parts), literal)
    assert.equal(sign(KEY, parts), hmac(literal))
    assert.equal(signatureString({ ...parts, content: {} }), signatureString({ ...parts, content: null }))
    assert.equal(canonicalJson({ b: 1, a: 'x y' }), '{"a":"x y","b":1}')
  })

  it('verification: the right signature passes; another path, query or key does not', () => {
    const parts = { content: null, path: '/accounts', query: 'clientId=C&timestamp=1' }
    const good = sign(KEY, parts)
    assert.ok(verifySignature(KEY, parts, good))
    assert.ok(!verifySignature(KEY, { ...parts, path: '/api/v1/accounts' }, good))
    assert.ok(!verifySignature(KEY, { ...parts, query: 'timestamp=1&clientId=C' }, good))
    assert.ok(!verifySignature('other-key', parts, good))
    assert.ok(!verifySignature(KEY, parts, undefined))
  })
})
