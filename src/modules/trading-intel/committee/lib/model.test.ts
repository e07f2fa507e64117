import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { parseModelAnswer } from './model.ts'

describe('model answer', () => {
  it('accepts exactly the schema, with or without a json fence; conviction to 4 decimals', () => {
    assert.deepEqual(parseModelAnswer('{"action":"buy","conviction":0.123456,"rationale":"r"}'), {
      action: 'buy',
      conviction: 0.1235,
      rationale: 'r',
    })
    assert.equal(
      parseModelAnswer('```json\n{"action":"hold","conviction":0,"rationale":"r"}\n```')?.action,
      'hold',
    )
  })

  it('refuses prose, other actions, out-of-range conviction, missing or extra fields', () => {
    for (const text of [
      'Buy it.',
      '{"action":"short","conviction":0.5,"rationale":"r"}',
      '{"action":"buy","conviction":1.5,"rationale":"r"}',
      '{"action":"buy","conviction":0.5}',
      '{"action":"buy","conviction":0.5,"rationale":"r","size":100}',
      '{"action":"buy","conviction":0.5,"rationale":""}',
    ])
      assert.equal(parseModelAnswer(text), null, text)
  })
})
