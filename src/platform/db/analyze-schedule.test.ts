/** PGlite's ANALYZE schedule (database.ts): a minute after start, then every N minutes; 0 is never. */
import assert from 'node:assert/strict'
import { it, mock } from 'node:test'
import { scheduleAnalyze } from './database.ts'

it('runs ANALYZE a minute after start and then every N minutes, until stopped', async () => {
  mock.timers.enable({ apis: ['setTimeout', 'setInterval'] })
  try {
    const sent: string[] = []
    const s = scheduleAnalyze(
      30,
      async (text) => (sent.push(text), { rows: [], rowCount: 0 }),
      () => {},
    )
    mock.timers.tick(59_999)
    assert.deepEqual(sent, [])
    mock.timers.tick(1)
    assert.deepEqual(sent, ['analyze'])
    mock.timers.tick(30 * 60_000 - 60_000)
    assert.deepEqual(sent, ['analyze', 'analyze'])
    await s.stop()
    mock.timers.tick(3 * 30 * 60_000)
    assert.equal(sent.length, 2, 'nothing runs after stop')
  } finally {
    mock.timers.reset()
  }
})

it('never runs with 0 minutes, and reports a failing run instead of throwing', async () => {
  mock.timers.enable({ apis: ['setTimeout', 'setInterval'] })
  try {
    const off: string[] = []
    await scheduleAnalyze(
      0,
      async (t) => (off.push(t), { rows: [], rowCount: 0 }),
      () => {},
    ).stop()
    mock.timers.tick(24 * 3_600_000)
    assert.deepEqual(off, [])
    const errors: Error[] = []
    const s = scheduleAnalyze(
      5,
      () => Promise.reject(new Error('closed')),
      (e) => errors.push(e),
    )
    mock.timers.tick(60_000)
    await s.stop()
    assert.deepEqual(
      errors.map((e) => e.message),
      ['closed'],
    )
  } finally {
    mock.timers.reset()
  }
})
