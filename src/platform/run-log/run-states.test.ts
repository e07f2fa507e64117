import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { canCancel, canRetry, canStart, canStep, isTerminal } from './run-states.ts'

const all = ['queued', 'running', 'completed', 'failed', 'cancelled']
const which = (f: (s: string) => boolean) => all.filter(f)

describe('run states', () => {
  it('terminal, cancellable, retryable, startable and steppable states', () => {
    assert.deepEqual(which(isTerminal), ['completed', 'failed', 'cancelled'])
    assert.deepEqual(which(canCancel), ['queued', 'running'])
    assert.deepEqual(which(canRetry), ['failed', 'cancelled'])
    assert.deepEqual(which(canStart), ['queued'])
    assert.deepEqual(which(canStep), ['running'])
    assert.equal(isTerminal('unknown'), false)
  })
})
