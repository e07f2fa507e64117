import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { INITIAL_ARM, levelStep, occurrenceKey, type ArmState } from './frequency.ts'

describe('occurrence keys', () => {
  it('once, once per session, every time (level and event)', () => {
    const at = { sessionDate: '2026-11-25', arm: 3 }
    assert.equal(occurrenceKey('once', at), 'once')
    assert.equal(occurrenceKey('once', { ...at, rearms: 0 }), 'once')
    assert.equal(occurrenceKey('once', { ...at, rearms: 2 }), 'once:2', 'a re-armed once rule fires anew')
    assert.equal(occurrenceKey('once_per_session', { ...at, rearms: 2 }), 'session:2026-11-25')
    assert.equal(occurrenceKey('once_per_session', at), 'session:2026-11-25')
    assert.equal(occurrenceKey('every_time', at), 'arm:3')
    assert.equal(occurrenceKey('every_time', { ...at, event: 'signal:42' }), 'event:signal:42')
  })
})

describe('every_time re-arms only after the condition was false', () => {
  it('true, true, false, true fires on arm 0 twice (one row) and on arm 1', () => {
    let s: ArmState = INITIAL_ARM
    const keys: string[] = []
    for (const holds of [true, true, false, false, true]) {
      const step = levelStep(s, holds)
      if (step.fire) keys.push(occurrenceKey('every_time', { sessionDate: 'x', arm: s.arm }))
      s = step.next
    }
    assert.deepEqual(keys, ['arm:0', 'arm:0', 'arm:1'])
    assert.deepEqual(new Set(keys).size, 2)
    assert.deepEqual(s, { arm: 1, armed: false })
  })

  it('false before any firing does not move the arm', () => {
    assert.deepEqual(levelStep(INITIAL_ARM, false).next, INITIAL_ARM)
  })
})
