/** The in-process queue: the job queue contract (jobs-contract.fixture.ts), then what is its own. */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { InProcessQueue } from './inprocess-queue.ts'
import { sleep } from './jobs.port.ts'
import { contract, silent, waitFor } from './jobs-contract.fixture.ts'

contract('inprocess', async () => {
  const queue = new InProcessQueue({ log: silent })
  return {
    queue,
    async checkSchedule(q, ticks) {
      await assert.rejects(q.schedule('tick', 'not a cron'))
      await q.schedule('tick', '* * * * * *', { every: 'second' }) // 6-field form: seconds
      await waitFor(() => ticks() >= 1, 'a cron tick', 3_000)
    },
    close: () => queue.stop(),
  }
})

describe('in-process queue specifics', () => {
  it('backs off exponentially (retryDelayMs * 2^(attempt-1)) and honours the concurrency limit', async () => {
    const q = new InProcessQueue({ log: silent, concurrency: 2 })
    const at: number[] = []
    let running = 0
    let peak = 0
    q.register(
      'backoff',
      async () => {
        at.push(Date.now())
        throw new Error('again')
      },
      { retryLimit: 2, retryDelayMs: 60, retryBackoff: true },
    )
    q.register('busy', async () => {
      peak = Math.max(peak, ++running)
      await sleep(30)
      running--
    })
    await q.start({ work: true })
    await q.enqueue('backoff', {})
    for (let i = 0; i < 6; i++) await q.enqueue('busy', { i })
    await q.drain(5_000)
    const [a = 0, b = 0, c = 0] = at
    assert.equal(at.length, 3)
    assert.ok(b - a >= 55 && c - b >= 115, `gaps ${b - a} ms, ${c - b} ms`)
    assert.equal(peak, 2)
    assert.equal((await q.failed('backoff'))[0]?.attempts, 3)
    await q.stop()
  })
})
