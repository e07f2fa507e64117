/**
 * The four detectors (docs/definitions.md#intraday-setups) on the reference session S1 and on hand-built series
 * with a known answer, including the series where they must not fire.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { at, flat, inputOf, iso, OPEN_MS, S1 } from './fixtures.fixture.ts'
import { detectGap } from './gap.ts'
import { detectOrb } from './orb.ts'
import { DEFAULT_PARAMS, type DetectParams } from './params.ts'
import { detectVolumeSpikes } from './volume-spike.ts'
import { detectVwapReclaim } from './vwap-reclaim.ts'

const p = (over: Partial<DetectParams> = {}): DetectParams => ({ ...DEFAULT_PARAMS, ...over })
const brief = (signals: { direction: string; trigger_time: number }[]) =>
  signals.map((s) => `${s.direction}@${new Date(s.trigger_time).toISOString()}`)

describe('ORB', () => {
  it('S1: 5-minute OR → none; 15 → long 10:15; 30 → long 10:10 (close rule, volume ≥ 1.5× OR mean)', () => {
    const s1 = inputOf(S1)
    assert.deepEqual(detectOrb(s1, p({ orb_minutes: 5 })), [])
    const [orb15, ...rest15] = detectOrb(s1, p({ orb_minutes: 15 }))
    assert.deepEqual(rest15, [])
    assert.equal(orb15!.trigger_time, at('10:15'))
    assert.equal(orb15!.direction, 'long')
    assert.equal(orb15!.price, 52.05)
    assert.deepEqual(orb15!.evidence, {
      or_minutes: 15,
      or_high: 51.7,
      or_low: 50.9,
      or_avg_volume: 90000,
      close: 52.05,
      volume: 150000,
      volume_ratio: 1.666667,
      volume_mult: 1.5,
      clearance: 0.35,
    })
    // 0.5 + 0.25·(1.6667 − 1.5)/1.5 + 0.2·0.35/0.80
    assert.equal(orb15!.confidence, 0.6153)
    const orb30 = detectOrb(s1, p({ orb_minutes: 30 }))
    assert.deepEqual(brief(orb30), [`long@${iso('10:10')}`])
    assert.equal(orb30[0]!.confidence, 0.5341)
  })

  it('the opening range is the bars that start in the first orb_minutes after the anchor', () => {
    // Anchored at 04:00 (an EXTENDED run) with no pre-market bars: no opening range, no ORB.
    const extended = { ...inputOf(S1), sessionStart: OPEN_MS - 330 * 60_000 }
    assert.deepEqual(detectOrb(extended, p()), [])
    // A missing 09:30 bar: the range is 09:35–09:40 only (H 51.70, L 50.95, mean volume 75000).
    const late = { ...inputOf(S1.slice(1)), sessionStart: OPEN_MS - 5 * 60_000 }
    const [orb] = detectOrb(late, p())
    assert.deepEqual(
      [orb!.evidence['or_high'], orb!.evidence['or_low'], orb!.evidence['or_avg_volume']],
      [51.7, 50.95, 75000],
    )
  })

  it('S1 without volume confirmation: the first close beyond (15 min → 09:45 short, 10:10 long)', () => {
    const orb = detectOrb(inputOf(S1), p({ orb_volume_mult: 0 }))
    assert.deepEqual(brief(orb), [`short@${iso('09:45')}`, `long@${iso('10:10')}`])
  })

  const range = [
    [100, 101, 99, 100, 1000],
    [100, 101, 99, 100, 1000],
    [100, 101, 99, 100, 1000],
  ]
  it('a clean short break: one signal, the later breaks of the same side are not new signals', () => {
    const rows = [...range, flat(100, 500), [99.5, 99.6, 98, 98.2, 2000], [98.2, 98.3, 97, 97.5, 3000]]
    const orb = detectOrb(inputOf(rows), p())
    assert.deepEqual(brief(orb), [`short@${iso('09:50')}`])
    assert.equal(orb[0]!.evidence['volume_ratio'], 2)
    assert.equal(orb[0]!.confidence, 0.6633) // 0.5 + 0.25·(2 − 1.5)/1.5 + 0.2·0.8/2
  })

  it('must not fire: a break on thin volume, or a break at/after the 11:30 cut-off', () => {
    const thin = [...range, [99.5, 99.6, 98, 98.2, 1499]]
    assert.deepEqual(detectOrb(inputOf(thin), p()), [])
    const quiet = Array.from({ length: 21 }, () => flat(100, 1000)) // 09:45 … 11:25 inside the range
    const late = [...range, ...quiet, [101, 103, 101, 102.5, 5000]] // bar 24 starts at 11:30
    assert.equal(inputOf(late).bars.time[24], at('11:30'))
    assert.deepEqual(detectOrb(inputOf(late), p()), [])
    assert.equal(detectOrb(inputOf(late), p({ orb_cutoff_minutes: 125 })).length, 1)
  })
})

describe('VWAP reclaim', () => {
  it('S1: reclaim bar 10:00 after 5 closes below, confirmed and stamped at 10:05; nothing else', () => {
    const [s, ...rest] = detectVwapReclaim(inputOf(S1), p())
    assert.deepEqual(rest, [])
    assert.equal(s!.direction, 'long')
    assert.equal(s!.trigger_time, at('10:05'))
    assert.equal(s!.price, 51.6)
    assert.equal(s!.evidence['trigger_bar'], iso('10:00'))
    assert.equal(s!.evidence['trigger_vwap'], 51.128395)
    assert.equal(s!.evidence['confirm_vwap'], 51.1812)
    assert.equal(s!.evidence['bars_beyond_before'], 5)
    assert.equal(s!.evidence['mean_prior_volume'], 75000)
    assert.equal(s!.confidence, 0.7067) // 0.5 + 0.2·5/6 + 0.2·(1.2 − 1)
  })

  const below = [99.8, 99.9, 99.3, 99.4, 1000]
  const series = (reclaim: number[], confirm: number[]) => [
    [100, 100.5, 99.5, 100, 1000],
    below,
    below,
    below,
    below,
    reclaim,
    confirm,
  ]
  it('a reclaim after 20 minutes (4 bars) below VWAP', () => {
    const [s, ...rest] = detectVwapReclaim(
      inputOf(series([99.4, 100.6, 99.4, 100.5, 1500], [100.5, 100.8, 100.4, 100.7, 1000])),
      p(),
    )
    assert.deepEqual(rest, [])
    assert.equal(s!.trigger_time, at('10:00'))
    assert.equal(s!.evidence['trigger_bar'], iso('09:55'))
    assert.equal(s!.evidence['trigger_vwap'], 99.751282)
    assert.equal(s!.evidence['confirm_vwap'], 99.868889)
    assert.equal(s!.evidence['bars_beyond_before'], 4)
    assert.equal(s!.confidence, 0.7333) // 0.5 + 0.2·4/6 + 0.2·0.5
  })

  it('must not fire: unconfirmed, on volume below the session mean, or after one bar below', () => {
    const reclaim = [99.4, 100.6, 99.4, 100.5, 1500]
    assert.deepEqual(detectVwapReclaim(inputOf(series(reclaim, [100.5, 100.6, 99.2, 99.3, 1000])), p()), [])
    const thin = [99.4, 100.6, 99.4, 100.5, 999]
    assert.deepEqual(detectVwapReclaim(inputOf(series(thin, [100.5, 100.8, 100.4, 100.7, 1000])), p()), [])
    const once = [[100, 100.5, 99.5, 100, 1000], below, reclaim, [100.5, 100.8, 100.4, 100.7, 1000]]
    assert.deepEqual(detectVwapReclaim(inputOf(once), p()), [])
  })

  it('the short mirror: a VWAP reject after closes above', () => {
    const above = [100.2, 100.7, 100.1, 100.6, 1000]
    const rows = [
      [100, 100.5, 99.5, 100, 1000],
      above,
      above,
      [100.6, 100.6, 99.5, 99.6, 1200],
      flat(99.5, 800),
    ]
    assert.deepEqual(brief(detectVwapReclaim(inputOf(rows), p())), [`short@${iso('09:50')}`])
  })
})

describe('gaps', () => {
  it('S1: +2.4 %, a full gap up, not filled (fill fraction 0.541667), gap-and-go at 10:10', () => {
    const [g, ...rest] = detectGap(inputOf(S1), p())
    assert.deepEqual(rest, [])
    assert.equal(g!.direction, 'long')
    assert.equal(g!.trigger_time, at('09:30'))
    assert.deepEqual(g!.evidence, {
      gap_pct: 2.4,
      gap_type: 'full',
      open: 51.2,
      prev_close: 50,
      prev_high: 50.4,
      prev_low: 49.6,
      fill_fraction: 0.541667,
      filled: false,
      fill_time: null,
      gap_and_go: true,
      gap_and_go_time: iso('10:10'),
      threshold_pct: 2,
    })
    assert.equal(g!.confidence, 0.87) // 0.5 + 0.2·2.4/4 + 0.1 full + 0.15 gap-and-go
  })

  it('a 4 % full gap down: gap-and-go at 09:35, then filled at 09:40', () => {
    const prior = { close: 100, high: 101, low: 97 }
    const rows = [
      [96, 96.5, 95.5, 95.8, 1000],
      [95.8, 95.9, 95, 95.2, 1000],
      [95.2, 100.1, 95.1, 99.9, 1000],
    ]
    const [g] = detectGap(inputOf(rows, { prior }), p())
    assert.equal(g!.direction, 'short')
    assert.equal(g!.evidence['gap_pct'], -4)
    assert.equal(g!.evidence['gap_type'], 'full')
    assert.equal(g!.evidence['gap_and_go_time'], iso('09:35'))
    assert.equal(g!.evidence['fill_time'], iso('09:40'))
    assert.equal(g!.evidence['fill_fraction'], 1)
    assert.equal(g!.confidence, 0.75) // 0.5 + 0.2 + 0.1 + 0.15 − 0.2
  })

  it('must not fire below the threshold; fires at exactly it; no gap-and-go once filled', () => {
    const prior = { close: 100, high: 100.5, low: 99 }
    assert.deepEqual(detectGap(inputOf([[101.9, 102, 101.8, 101.9, 1000]], { prior }), p()), [])
    assert.equal(detectGap(inputOf([[102, 102, 101.8, 101.9, 1000]], { prior }), p()).length, 1)
    assert.deepEqual(detectGap(inputOf(S1, { prior: null }), p()), [])
    const filledFirst = [
      [103, 103.5, 99.9, 100.5, 1000],
      [100.5, 104, 100.4, 103.9, 1000],
    ]
    const [g] = detectGap(inputOf(filledFirst, { prior }), p())
    assert.equal(g!.evidence['gap_type'], 'full')
    assert.equal(g!.evidence['fill_time'], iso('09:30'))
    assert.equal(g!.evidence['gap_and_go'], false)
  })
})

describe('volume spikes', () => {
  const tenAm = (volume: number, prior: number[]) =>
    inputOf([...Array.from({ length: 6 }, () => flat(100, 1000)), [100, 101, 99.9, 100.8, volume]], {
      priorVolumes: new Map([[30, prior]]),
    })

  it('the reference vector: the 10:15 bar of S1 against [70000, 72000, 64000, 81000, 75000]', () => {
    const input = inputOf(S1, { priorVolumes: new Map([[45, [70000, 72000, 64000, 81000, 75000]]]) })
    const [s, ...rest] = detectVolumeSpikes(input, p())
    assert.deepEqual(rest, [])
    assert.equal(s!.trigger_time, at('10:15'))
    assert.equal(s!.direction, 'long')
    assert.equal(s!.evidence['baseline_mean'], 72400)
    assert.equal(s!.evidence['baseline_sd'], 6268.971207)
    assert.equal(s!.evidence['ratio'], 2.071823)
    assert.equal(s!.evidence['z'], 12.378427)
    assert.equal(s!.evidence['extreme'], true)
    assert.equal(s!.confidence, 0.9)
  })

  it('a 5σ bar: ratio 2.6, z 5.059644 → a spike with confidence 0.806', () => {
    const [s] = detectVolumeSpikes(tenAm(2600, [1000, 1400, 600, 1200, 800]), p())
    assert.equal(s!.evidence['z'], 5.059644)
    assert.equal(s!.evidence['ratio'], 2.6)
    assert.equal(s!.confidence, 0.806) // 0.5 + 0.1·(5.0596 − 2)
  })

  it('must not fire: ratio 1.9 (z 2.85), too short a baseline; sd 0 uses the ratio alone', () => {
    assert.deepEqual(detectVolumeSpikes(tenAm(1900, [1000, 1400, 600, 1200, 800]), p()), [])
    assert.deepEqual(detectVolumeSpikes(tenAm(9000, [1000, 1400, 600, 1200]), p()), [])
    const [flatBase] = detectVolumeSpikes(tenAm(2000, [1000, 1000, 1000, 1000, 1000]), p())
    assert.equal(flatBase!.evidence['z'], null)
    assert.equal(flatBase!.confidence, 0.5)
  })

  it('falls back to the previous 20 bars without history, at 0.8× confidence', () => {
    const rows = Array.from({ length: 20 }, (_, i) => flat(100, i % 2 ? 900 : 1100))
    const [s, ...rest] = detectVolumeSpikes(inputOf([...rows, [100, 99, 98, 98.5, 5000]]), p())
    assert.deepEqual(rest, [])
    assert.equal(s!.direction, 'short')
    assert.equal(s!.evidence['baseline'], 'previous_bars')
    assert.equal(s!.evidence['baseline_n'], 20)
    assert.equal(s!.confidence, 0.72) // (0.5 + 0.1·4) × 0.8
  })
})
