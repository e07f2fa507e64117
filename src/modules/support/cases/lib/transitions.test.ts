import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { afterComment, ALLOWED, acceptsComments, canSet, CASE_STATUSES } from './transitions.ts'

describe('support case transitions', () => {
  it('lets an agent move between the live states, reopen a resolved case and close any; closed is final', () => {
    const pairs = CASE_STATUSES.flatMap((from) => CASE_STATUSES.filter((to) => canSet(from, to) && from !== to).map((to) => `${from}>${to}`))
    assert.deepEqual(pairs, [
      'open>pending',
      'open>resolved',
      'open>closed',
      'pending>open',
      'pending>resolved',
      'pending>closed',
      'resolved>open',
      'resolved>closed',
    ])
    assert.deepEqual(ALLOWED.closed, [])
    assert.equal(canSet('closed', 'open'), false)
    assert.equal(canSet('resolved', 'pending'), false)
    assert.equal(canSet('closed', 'closed'), true)
  })

  it('reopens on a customer comment, waits on the customer after a public reply, ignores internal notes', () => {
    assert.equal(afterComment('pending', 'customer', true), 'open')
    assert.equal(afterComment('resolved', 'customer', true), 'open')
    assert.equal(afterComment('open', 'customer', true), 'open')
    assert.equal(afterComment('open', 'support', true), 'pending')
    assert.equal(afterComment('open', 'support', false), 'open')
    assert.equal(afterComment('resolved', 'support', true), 'resolved')
    assert.equal(afterComment('closed', 'customer', true), 'closed')
    assert.equal(acceptsComments('closed'), false)
    assert.equal(acceptsComments('resolved'), true)
  })
})
