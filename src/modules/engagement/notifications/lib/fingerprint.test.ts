import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { describe, it } from 'node:test'
import { canonicalJson, requestFingerprint } from './fingerprint.ts'

describe('request fingerprint', () => {
  it('writes objects with sorted keys at every depth', () => {
    assert.equal(
      canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 'x' }], c: null } }),
      '{"a":{"c":null,"d":[2,{"y":"x","z":1}]},"b":1}',
    )
  })

  it('is the SHA-256 of method, route and canonical body; key order does not matter, values do', () => {
    const a = requestFingerprint('post', '/api/notifications', { title: 't', body: 'b' })
    assert.equal(
      a,
      createHash('sha256').update('POST /api/notifications\n{"body":"b","title":"t"}').digest('hex'),
    )
    assert.equal(requestFingerprint('POST', '/api/notifications', { body: 'b', title: 't' }), a)
    assert.notEqual(requestFingerprint('POST', '/api/notifications', { body: 'c', title: 't' }), a)
    assert.notEqual(requestFingerprint('POST', '/api/other', { body: 'b', title: 't' }), a)
  })
})
