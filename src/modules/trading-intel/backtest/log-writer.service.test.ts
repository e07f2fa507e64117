/** The deferred log writer's back-pressure: pending log bytes stay under the cap; a run beyond it waits. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import pino from 'pino'
import { systemClock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { LogWriter } from './log-writer.service.ts'

/** Each write waits until the test opens its gate. */
class GatedWriter extends LogWriter {
  readonly gates: Array<() => void> = []
  readonly stored: number[] = []
  override store(_tenantId: number, id: number): Promise<boolean> {
    return new Promise((resolve) =>
      this.gates.push(() => {
        this.stored.push(id)
        resolve(true)
      }),
    )
  }
}

const turn = () => new Promise((r) => setImmediate(r))

describe('LogWriter back-pressure', () => {
  it('schedules at once under the cap; beyond it, waits for an earlier write to settle', async () => {
    const w = new GatedWriter(
      { scopes: {} as Scopes, log: pino({ level: 'silent' }), clock: systemClock },
      100,
    )
    await w.schedule(1, 1, new Uint8Array(60))
    let second = false
    const later = w.schedule(1, 2, new Uint8Array(60)).then(() => (second = true))
    await turn()
    await turn()
    assert.equal(second, false, '120 bytes would exceed the cap of 100: the second run waits')
    assert.equal(w.size, 1)
    w.gates.shift()!()
    await later
    assert.equal(second, true)
    await turn()
    w.gates.shift()!()
    await w.idle()
    assert.deepEqual(w.stored, [1, 2])
    assert.equal(w.size, 0)
  })

  it('a log larger than the cap alone is still written (nothing else pending)', async () => {
    const w = new GatedWriter(
      { scopes: {} as Scopes, log: pino({ level: 'silent' }), clock: systemClock },
      10,
    )
    await w.schedule(1, 7, new Uint8Array(50))
    await turn()
    w.gates.shift()!()
    await w.idle()
    assert.deepEqual(w.stored, [7])
  })
})
