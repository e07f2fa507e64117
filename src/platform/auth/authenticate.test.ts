/** bearerToken: the one parser of `Authorization: Bearer <token>` (the hook, logout, agent keys, MCP). */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { bearerToken } from './authenticate.ts'

describe('bearerToken', () => {
  it('takes the token after the scheme, in any case, after any run of whitespace', () => {
    assert.equal(bearerToken('Bearer abc.def'), 'abc.def')
    assert.equal(bearerToken('bearer abc'), 'abc')
    assert.equal(bearerToken('BEARER abc'), 'abc')
    assert.equal(bearerToken('Bearer   abc'), 'abc')
    assert.equal(bearerToken('Bearer\tsxa_key'), 'sxa_key')
  })

  it('null for anything else: no header, another scheme, no token, two tokens, trailing space', () => {
    for (const value of [
      undefined,
      '',
      'Bearer',
      'Bearer ',
      'Basic Zm9vOmJhcg==',
      'abc',
      'Bearer a b',
      'Bearer a ',
    ])
      assert.equal(bearerToken(value), null, JSON.stringify(value))
    assert.equal(bearerToken('Bearerabc'), null)
    assert.equal(bearerToken(' Bearer abc'), null)
  })
})
