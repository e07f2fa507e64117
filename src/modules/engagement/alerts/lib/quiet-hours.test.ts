import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { isTimeZone, quietUntil, startOfNyDay, zonedInstant } from './quiet-hours.ts'

const ny = (start: string, end: string) => ({ enabled: true, start, end, time_zone: 'America/New_York' })
const at = (iso: string) => new Date(iso)

describe('quiet hours', () => {
  it('a window spanning midnight: the evening side ends tomorrow, the morning side today', () => {
    // 23:30 EST on 2026-01-14 → 07:00 EST on the 15th = 12:00Z.
    assert.equal(
      quietUntil(at('2026-01-15T04:30:00Z'), ny('22:00', '07:00'))?.toISOString(),
      '2026-01-15T12:00:00.000Z',
    )
    // 06:59 EST on the 15th → 07:00 EST the same day.
    assert.equal(
      quietUntil(at('2026-01-15T11:59:00Z'), ny('22:00', '07:00'))?.toISOString(),
      '2026-01-15T12:00:00.000Z',
    )
    // 07:00 exactly is outside ([start, end)); 21:59 too.
    assert.equal(quietUntil(at('2026-01-15T12:00:00Z'), ny('22:00', '07:00')), null)
    assert.equal(quietUntil(at('2026-01-16T02:59:00Z'), ny('22:00', '07:00')), null)
  })

  it('a window within one day', () => {
    assert.equal(
      quietUntil(at('2026-01-15T18:00:00Z'), ny('12:00', '14:30'))?.toISOString(),
      '2026-01-15T19:30:00.000Z',
    )
  })

  it('across the spring-forward night the end is 07:00 new time (one hour less UTC)', () => {
    // 23:00 EST on 2026-03-07; clocks go 02:00 → 03:00 on the 8th; 07:00 EDT = 11:00Z.
    assert.equal(
      quietUntil(at('2026-03-08T04:00:00Z'), ny('22:00', '07:00'))?.toISOString(),
      '2026-03-08T11:00:00.000Z',
    )
  })

  it('across the fall-back night the end is 07:00 old time (one hour more UTC)', () => {
    // 23:00 EDT on 2026-10-31; clocks go 02:00 → 01:00 on 1 November; 07:00 EST = 12:00Z.
    assert.equal(
      quietUntil(at('2026-11-01T03:00:00Z'), ny('22:00', '07:00'))?.toISOString(),
      '2026-11-01T12:00:00.000Z',
    )
  })

  it('a skipped wall time resolves later, a repeated one to the first', () => {
    assert.equal(
      new Date(zonedInstant(2026, 3, 8, 2, 30, 'America/New_York')).toISOString(),
      '2026-03-08T07:30:00.000Z',
    )
    assert.equal(
      new Date(zonedInstant(2026, 11, 1, 1, 30, 'America/New_York')).toISOString(),
      '2026-11-01T05:30:00.000Z',
    )
  })

  it('other zones, off, and unknown zones', () => {
    const tokyo = { enabled: true, start: '00:00', end: '06:00', time_zone: 'Asia/Tokyo' }
    assert.equal(quietUntil(at('2026-06-01T16:00:00Z'), tokyo)?.toISOString(), '2026-06-01T21:00:00.000Z')
    assert.equal(quietUntil(at('2026-06-01T16:00:00Z'), { ...tokyo, enabled: false }), null)
    assert.equal(isTimeZone('Europe/Paris'), true)
    assert.equal(isTimeZone('Mars/Olympus'), false)
  })

  it('the New York day starts at local midnight', () => {
    assert.equal(startOfNyDay(at('2026-07-01T03:59:00Z')).toISOString(), '2026-06-30T04:00:00.000Z')
    assert.equal(startOfNyDay(at('2026-01-15T05:00:00Z')).toISOString(), '2026-01-15T05:00:00.000Z')
  })
})
