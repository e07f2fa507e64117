/**
 * The volume-spike baseline on a half day (09:30–13:00, 42 five-minute bars) against full sessions
 * (78 bars): both U-shaped around their own open and close, so the half day's closing half hour
 * (12:30–13:00) must be compared with the full sessions' (15:30–16:00), not with their midday lull.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { at, inputOf } from './fixtures.fixture.ts'
import { DEFAULT_PARAMS } from './params.ts'
import { baselineKey } from './types.ts'
import { detectVolumeSpikes } from './volume-spike.ts'

/** Volume of a bar at `minute` of a session `length` minutes long: 4× at the open and the close, 1× midway. */
const u = (minute: number, length: number) => {
  const x = (minute + 2.5 - length / 2) / (length / 2)
  return Math.round(100_000 * (1 + 3 * x * x))
}
/** Five full sessions, most recent first, ±4 % around the U (so sd > 0). */
function fullSessions(): Map<number, number[]> {
  const out = new Map<number, number[]>()
  for (let m = 0; m < 390; m += 5)
    out.set(
      m,
      [1, 0.97, 1.02, 0.99, 1.04].map((f) => Math.round(u(m, 390) * f)),
    )
  return out
}
const halfDay = (volumeAt: (minute: number) => number) =>
  inputOf(
    // Up bars (close > open), so any spike has a direction and would be reported.
    Array.from({ length: 42 }, (_, i) => [100, 100.3, 99.9, 100.2, volumeAt(i * 5)]),
    { priorVolumes: fullSessions(), sessionMinutes: 210, baselineMinutes: 390 },
  )

describe('volume spikes on a half day', () => {
  it('the same place in the session: first half by minutes after the open, second half before the close', () => {
    const input = halfDay(() => 1)
    assert.equal(baselineKey(input, at('09:30')), 0)
    assert.equal(baselineKey(input, at('11:10')), 100) // 100 < 105: after the open
    assert.equal(baselineKey(input, at('11:15')), 285) // 105 ≥ 105: 95 minutes before the close, 14:25
    assert.equal(baselineKey(input, at('12:55')), 385) // the last bar ↔ 15:55
    const full = inputOf([[100, 100.3, 99.9, 100.2, 1]], { priorVolumes: fullSessions() })
    assert.equal(baselineKey(full, at('12:55')), 205) // a full session: the clock time
  })

  it('a half day shaped like the full sessions has no spike; its closing ramp is not one', () => {
    const signals = detectVolumeSpikes(
      halfDay((m) => u(m, 210)),
      DEFAULT_PARAMS,
    )
    assert.deepEqual(
      signals.map((s) => s.trigger_time),
      [],
    )
  })

  it('a real spike on a half day is found against the full sessions’ bar the same time before the close', () => {
    const input = halfDay((m) => (m === 190 ? 3 * u(m, 210) : u(m, 210))) // 12:40, 20 minutes before the close
    const [s, ...rest] = detectVolumeSpikes(input, DEFAULT_PARAMS)
    assert.deepEqual(rest, [])
    assert.equal(s!.trigger_time, at('12:40'))
    const base = fullSessions().get(370)! // 15:40
    const mean = base.reduce((a, b) => a + b, 0) / base.length
    assert.equal(s!.evidence['baseline_mean'], mean)
    assert.equal(s!.evidence['baseline'], 'time_of_day')
  })
})
