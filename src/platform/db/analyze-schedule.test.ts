/**
 * PGlite's ANALYZE schedule (database.ts): a minute after start, then every N minutes, and every
 * minute the tables that grew; 0 is never.
 */
import assert from 'node:assert/strict'
import { it, mock } from 'node:test'
import { GROWN_TABLES, scheduleAnalyze } from './database.ts'

it('runs ANALYZE a minute after start and then every N minutes, the grown tables every minute, until stopped', async () => {
  mock.timers.enable({ apis: ['setTimeout', 'setInterval'] })
  try {
    const sent: string[] = []
    let grown: string[] = []
    const s = scheduleAnalyze(
      30,
      async (text) => {
        if (text !== GROWN_TABLES) return (sent.push(text), { rows: [], rowCount: 0 })
        sent.push('grown?')
        return { rows: grown.map((name) => ({ name })), rowCount: grown.length }
      },
      () => {},
    )
    const tick = async (ms: number) => {
      mock.timers.tick(ms)
      await new Promise((done) => setImmediate(done))
    }
    await tick(59_999)
    assert.deepEqual(sent, [])
    await tick(1)
    assert.deepEqual(sent, ['analyze', 'grown?'])
    grown = ['public.bot_order', 'public."odd name"']
    await tick(60_000)
    assert.deepEqual(sent.slice(2), ['grown?', 'analyze public.bot_order, public."odd name"'])
    grown = []
    await tick(30 * 60_000 - 120_000)
    assert.equal(sent.filter((t) => t === 'analyze').length, 2, 'the full run every 30 minutes')
    assert.equal(sent.filter((t) => t === 'grown?').length, 30, 'the grown tables every minute')
    await s.stop()
    const count = sent.length
    await tick(3 * 30 * 60_000)
    assert.equal(sent.length, count, 'nothing runs after stop')
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
      ['closed', 'closed'],
      'the full run and the grown tables both reported',
    )
  } finally {
    mock.timers.reset()
  }
})
