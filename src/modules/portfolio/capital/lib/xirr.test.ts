import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { xirr, type CashFlow } from './xirr.ts'

function assertRate(flows: CashFlow[], expected: number, tolerance: number, guess?: number): void {
  const result = guess === undefined ? xirr(flows) : xirr(flows, guess)
  assert.equal(result.converged, true)
  assert.ok(result.xirr !== null)
  assert.ok(Math.abs(result.xirr - expected) <= tolerance, `${result.xirr} vs ${expected}`)
}

// Microsoft's documented example (support.microsoft.com, "XIRR function"): 0.373362535.
const microsoft: CashFlow[] = [
  { date: '2008-01-01', amount: -10000 },
  { date: '2008-03-01', amount: 2750 },
  { date: '2008-10-30', amount: 4250 },
  { date: '2009-02-15', amount: 3250 },
  { date: '2009-04-01', amount: 2750 },
]

describe('xirr', () => {
  it("matches Microsoft's XIRR example", () => {
    assertRate(microsoft, 0.373362535, 1e-6)
  })

  it('does not depend on the order of the flows (d_0 is the earliest date)', () => {
    const shuffled = [microsoft[3]!, microsoft[1]!, microsoft[4]!, microsoft[0]!, microsoft[2]!]
    assertRate(shuffled, 0.373362535, 1e-6)
  })

  it('falls back to other guesses when the given one fails', () => {
    assertRate(microsoft, 0.373362535, 1e-6, 1000)
  })

  it('doubles in one 365-day year: r = 200/100 − 1 = 1', () => {
    // 2023-01-01 → 2024-01-01 is 365 days (2023 is not a leap year), so the exponent is exactly 1.
    assertRate(
      [
        { date: '2023-01-01', amount: -100 },
        { date: '2024-01-01', amount: 200 },
      ],
      1,
      1e-9,
    )
  })

  it('solves two flows 73 days apart by the closed form', () => {
    // 2023-01-01 → 2023-03-15 = 31 (Jan) + 28 (Feb) + 14 = 73 days = 365/5 of a year.
    // r = (1100/1000)^(365/73) − 1 = 1.1^5 − 1 = 1.61051 − 1 = 0.61051
    assertRate(
      [
        { date: '2023-01-01', amount: -1000 },
        { date: '2023-03-15', amount: 1100 },
      ],
      0.61051,
      1e-9,
    )
  })

  it('solves two flows 730 days apart by the closed form', () => {
    // 2021-01-01 → 2023-01-01 = 365 + 365 = 730 days; r = (1210/1000)^(365/730) − 1 = √1.21 − 1 = 0.1
    assertRate(
      [
        { date: '2021-01-01', amount: -1000 },
        { date: '2023-01-01', amount: 1210 },
      ],
      0.1,
      1e-9,
    )
  })

  it('finds negative rates', () => {
    // 2022-01-01 → 2024-01-01 = 730 days; r = (810/1000)^(1/2) − 1 = 0.9 − 1 = −0.1
    assertRate(
      [
        { date: '2022-01-01', amount: -1000 },
        { date: '2024-01-01', amount: 810 },
      ],
      -0.1,
      1e-9,
    )
    // A 99% loss in 365 days: r = 10/1000 − 1 = −0.99 (the first Newton step overshoots r = −1).
    assertRate(
      [
        { date: '2023-01-01', amount: -1000 },
        { date: '2024-01-01', amount: 10 },
      ],
      -0.99,
      1e-9,
    )
  })

  it('gives 0 when the money just comes back', () => {
    assertRate(
      [
        { date: '2023-01-01', amount: -100 },
        { date: '2023-06-01', amount: 100 },
      ],
      0,
      1e-12,
    )
  })

  it('returns the root nearest the guess when there are two', () => {
    // Years exactly 365 days apart, v = 1/(1+r): −100 + 230v − 132v² = 0
    // → v = (230 ± √(230² − 4·132·100)) / 264 = (230 ± 10) / 264 → v = 10/11 (r = 0.1) or 5/6 (r = 0.2)
    const flows: CashFlow[] = [
      { date: '2021-01-01', amount: -100 },
      { date: '2022-01-01', amount: 230 },
      { date: '2023-01-01', amount: -132 },
    ]
    assertRate(flows, 0.1, 1e-9, 0.05)
    assertRate(flows, 0.2, 1e-9, 0.25)
  })

  it('lists the other roots when the signs change more than once', () => {
    // The two-root flows above: from the default guess 0.1 the answer is 0.1, and 0.2 also solves it.
    const two: CashFlow[] = [
      { date: '2021-01-01', amount: -100 },
      { date: '2022-01-01', amount: 230 },
      { date: '2023-01-01', amount: -132 },
    ]
    const fromDefault = xirr(two)
    assert.ok(Math.abs(fromDefault.xirr! - 0.1) < 1e-9)
    assert.equal(fromDefault.other_roots.length, 1)
    assert.ok(Math.abs(fromDefault.other_roots[0]! - 0.2) < 1e-9, String(fromDefault.other_roots))
    const fromHigh = xirr(two, 0.25)
    assert.ok(Math.abs(fromHigh.xirr! - 0.2) < 1e-9)
    assert.ok(Math.abs(fromHigh.other_roots[0]! - 0.1) < 1e-9, String(fromHigh.other_roots))
    // Three roots: with y = 1 + r and years 365 days apart, the NPV is zero where
    // −1000y³ + 3600y² − 4310y + 1716 = 0, i.e. −1000 (y − 1.1)(y − 1.2)(y − 1.3) = 0
    // (1.1 + 1.2 + 1.3 = 3.6; 1.1·1.2 + 1.1·1.3 + 1.2·1.3 = 4.31; 1.1·1.2·1.3 = 1.716) → r = 0.1, 0.2, 0.3.
    const three = xirr([
      { date: '2021-01-01', amount: -1000 },
      { date: '2022-01-01', amount: 3600 },
      { date: '2023-01-01', amount: -4310 },
      { date: '2024-01-01', amount: 1716 },
    ])
    assert.ok(Math.abs(three.xirr! - 0.1) < 1e-9)
    assert.equal(three.other_roots.length, 2)
    assert.ok(Math.abs(three.other_roots[0]! - 0.2) < 1e-9, String(three.other_roots))
    assert.ok(Math.abs(three.other_roots[1]! - 0.3) < 1e-9, String(three.other_roots))
  })

  it('reports no other root when the signs change once (the root is unique)', () => {
    assert.deepEqual(xirr(microsoft).other_roots, [])
    // Same-date flows are netted first: −100 and +30 on one day are −70, so the signs change once.
    const netted = xirr([
      { date: '2023-01-01', amount: -100 },
      { date: '2023-01-01', amount: 30 },
      { date: '2024-01-01', amount: 77 },
    ])
    assert.ok(Math.abs(netted.xirr! - 0.1) < 1e-9) // 77 / 70 − 1
    assert.deepEqual(netted.other_roots, [])
  })

  it('reports no convergence when there is no root', () => {
    // Years 365 days apart, v = 1/(1+r) > 0: NPV = 100 − 50v + 100v², whose discriminant
    // 50² − 4·100·100 < 0, so the NPV is positive for every r > −1.
    const result = xirr([
      { date: '2021-01-01', amount: 100 },
      { date: '2022-01-01', amount: -50 },
      { date: '2023-01-01', amount: 100 },
    ])
    assert.deepEqual(result, { xirr: null, converged: false, other_roots: [] })
  })

  it('throws RangeError for fewer than two flows or flows of one sign', () => {
    assert.throws(() => xirr([]), RangeError)
    assert.throws(() => xirr([{ date: '2023-01-01', amount: -100 }]), RangeError)
    const positive = [
      { date: '2023-01-01', amount: 100 },
      { date: '2024-01-01', amount: 50 },
    ]
    assert.throws(() => xirr(positive), RangeError)
    const negative = [
      { date: '2023-01-01', amount: -100 },
      { date: '2024-01-01', amount: -50 },
    ]
    assert.throws(() => xirr(negative), RangeError)
    // A zero has no sign.
    const withZero = [
      { date: '2023-01-01', amount: -100 },
      { date: '2024-01-01', amount: 0 },
    ]
    assert.throws(() => xirr(withZero), RangeError)
  })

  it('throws RangeError for bad dates, amounts or guesses', () => {
    const ok = microsoft.slice(0, 2)
    assert.throws(() => xirr([...ok, { date: '2008-02-30', amount: 1 }]), RangeError)
    assert.throws(() => xirr([...ok, { date: '2008-02-01', amount: Number.NaN }]), RangeError)
    assert.throws(() => xirr(ok, -1), RangeError)
  })
})
