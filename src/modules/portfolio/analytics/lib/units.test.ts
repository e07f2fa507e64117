import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { allocate, type InvestorFlow } from './units.ts'

const A = 1
const B = 2
const C = 3
const flow = (investorId: number, date: string, dollars: number): InvestorFlow => ({
  investorId,
  date,
  amountCents: BigInt(Math.round(dollars * 100)),
})
const navs =
  (table: Record<string, number>, asked: string[] = []) =>
  (date: string): bigint => {
    asked.push(date)
    const v = table[date]
    if (v === undefined) throw new Error(`unexpected NAV lookup on ${date}`)
    return BigInt(v * 100)
  }

describe('allocate (unit accounting)', () => {
  /*
   * Investment club, worked by hand:
   *   Jan 1  A contributes 10,000, B 5,000; no units yet, so 1.00 per unit → A 10,000, B 5,000 units.
   *   Mar 1  worth 18,000 before the flow → 18,000 / 15,000 = 1.20 per unit;
   *          C contributes 6,000 → 6,000 / 1.20 = 5,000 units. Total 20,000.
   *   Jun 1  worth 27,600 → 27,600 / 20,000 = 1.38 per unit; A withdraws 2,760 → 2,760 / 1.38 = 2,000
   *          units (A's 10,000 units are worth 13,800, so that is allowed). A 8,000; total 18,000.
   *   Today  worth 30,000 → 30,000 / 18,000 = 1.666… per unit (1.666667).
   *     A  8,000 units × 1.666… = 13,333.333…; net 10,000 − 2,760 = 7,240; 44.4444%
   *     B  5,000 units × 1.666… =  8,333.333…; net 5,000; 5,000 / 18,000 = 27.7778%
   *     C  5,000 units × 1.666… =  8,333.333…; net 6,000; 27.7778%
   *   In whole cents that add up to 30,000.00: 13,333.33 + 8,333.33 + 8,333.33 = 29,999.99, and the
   *   cent left over goes to the largest remainder — all three are ⅓ cent, so the first, A:
   *     A 13,333.34 (gain 6,093.34), B 8,333.33 (gain 3,333.33), C 8,333.33 (gain 2,333.33).
   *   Shares 44.4444 + 27.7778 + 27.7778 = 100.0000.
   *   Naive share of net contributions (7,240 + 5,000 + 6,000 = 18,240) would instead give
   *   A 39.69%, B 27.41%, C 32.89%: C, who bought in late at 1.20, would be credited with A's gains.
   */
  const club = [flow(A, '2024-01-01', 10000), flow(B, '2024-01-01', 5000), flow(C, '2024-03-01', 6000)]
  const clubNav = { '2024-03-01': 18000, '2024-06-01': 27600 }

  it('allocates the worked investment-club example', () => {
    const asked: string[] = []
    // Flows given out of order: they are sorted by date.
    const flows = [flow(A, '2024-06-01', -2760), ...club]
    const result = allocate(flows, navs(clubNav, asked), 3_000_000n)
    assert.deepEqual(result, {
      investors: [
        {
          investor_id: A,
          units: 8000,
          share_pct: 44.4444,
          value: 13333.34,
          net_contributed: 7240,
          gain: 6093.34,
        },
        {
          investor_id: B,
          units: 5000,
          share_pct: 27.7778,
          value: 8333.33,
          net_contributed: 5000,
          gain: 3333.33,
        },
        {
          investor_id: C,
          units: 5000,
          share_pct: 27.7778,
          value: 8333.33,
          net_contributed: 6000,
          gain: 2333.33,
        },
      ],
      total_units: 18000,
      nav_per_unit: 1.666667,
    })
    // The NAV is only needed once units exist.
    assert.deepEqual(asked, ['2024-03-01', '2024-06-01'])

    const shareSum = result.investors.reduce((s, i) => s + i.share_pct, 0)
    assert.ok(Math.abs(shareSum - 100) < 1e-9)
    // Unit accounting differs from naive shares of net contributions (39.69 / 27.41 / 32.89).
    const netTotal = result.investors.reduce((s, i) => s + i.net_contributed, 0)
    const naive = result.investors.map((i) => Math.round((i.net_contributed / netTotal) * 10000) / 100)
    assert.deepEqual(naive, [39.69, 27.41, 32.89])
    assert.notDeepEqual(
      naive,
      result.investors.map((i) => Math.round(i.share_pct * 100) / 100),
    )
  })

  it('refuses a withdrawal worth more than the holding, and allows exactly all of it', () => {
    // On Jun 1 B's 5,000 units are worth 5,000 × 1.38 = 6,900.
    assert.throws(
      () => allocate([...club, flow(B, '2024-06-01', -6900.01)], navs(clubNav), 3_000_000n),
      RangeError,
    )
    // Withdrawing 6,900 redeems all 5,000 units: A 10,000 + C 5,000 = 15,000 units remain;
    // today's 30,000 → 2.00 per unit: A 20,000, C 10,000; B value 0, net 5,000 − 6,900 = −1,900, gain 1,900.
    const result = allocate([...club, flow(B, '2024-06-01', -6900)], navs(clubNav), 3_000_000n)
    assert.equal(result.total_units, 15000)
    assert.equal(result.nav_per_unit, 2)
    assert.deepEqual(result.investors[1], {
      investor_id: B,
      units: 0,
      share_pct: 0,
      value: 0,
      net_contributed: -1900,
      gain: 1900,
    })
    assert.equal(result.investors[0]!.value, 20000)
    assert.equal(result.investors[2]!.share_pct, 33.3333) // 5,000 / 15,000
  })

  it('restarts at 1.00 after every unit was redeemed', () => {
    // Jan 1 A buys 1,000 units at 1.00; Feb 1 worth 1,500 (1.50/unit), A withdraws 1,500 = all units.
    // Mar 1 no units outstanding: B's 2,000 buys 2,000 units at 1.00 (no NAV lookup).
    // Today 2,100 → 1.05/unit: B worth 2,100 (gain 100); A: 0 units, net 1,000 − 1,500 = −500, gain 500.
    const asked: string[] = []
    const flows = [flow(A, '2024-01-01', 1000), flow(A, '2024-02-01', -1500), flow(B, '2024-03-01', 2000)]
    const result = allocate(flows, navs({ '2024-02-01': 1500 }, asked), 210_000n)
    assert.deepEqual(asked, ['2024-02-01'])
    assert.equal(result.nav_per_unit, 1.05)
    assert.deepEqual(
      result.investors.map((i) => [i.units, i.value, i.net_contributed, i.gain, i.share_pct]),
      [
        [0, 0, -500, 500, 0],
        [2000, 2100, 2000, 100, 100],
      ],
    )
  })

  it('prices fractional units and keeps 6 decimals', () => {
    // Jan 1 A 1,000 units at 1.00. Feb 1 worth 1,200 → 1.20/unit; B's 1,000 buys 1,000 / 1.2 = 833.333333 units.
    // Total 1,833.333333. Today 2,200: B 2,200 × 833.333333 / 1,833.333333 = 999.9999996 → 1,000.00,
    // A 2,200 × 1,000 / 1,833.333333 = 1,200.0000002 → 1,200.00; A 54.5455%, B 45.4545%.
    const flows = [flow(A, '2024-01-01', 1000), flow(B, '2024-02-01', 1000)]
    const result = allocate(flows, navs({ '2024-02-01': 1200 }), 220_000n)
    assert.equal(result.total_units, 1833.333333)
    assert.equal(result.nav_per_unit, 1.2)
    assert.deepEqual(
      result.investors.map((i) => [i.units, i.value, i.share_pct]),
      [
        [1000, 1200, 54.5455],
        [833.333333, 1000, 45.4545],
      ],
    )
  })

  it("nets one investor's flows of a date, whatever their order", () => {
    // −30 then +100 on the first day is a net contribution of 70 → 70 units at 1.00.
    const result = allocate([flow(A, '2024-01-01', -30), flow(A, '2024-01-01', 100)], navs({}), 7000n)
    assert.equal(result.investors[0]!.units, 70)
    assert.equal(result.investors[0]!.net_contributed, 70)
  })

  it('gives same-date contributions the same NAV', () => {
    // Mar 1 at 1.20/unit: C's 6,000 → 5,000 units and D's 1,200 → 1,000 units, although C's flow
    // comes first in the list.
    const D = 4
    const result = allocate([...club, flow(D, '2024-03-01', 1200)], navs(clubNav), 2_520_000n)
    assert.deepEqual(
      result.investors.map((i) => i.units),
      [10000, 5000, 5000, 1000],
    )
  })

  it('splits the current value into whole cents that add up to it exactly', () => {
    // A, B and C each put 1.00 in on one date: 1 unit each, ⅓ of the value each.
    const flows = [flow(A, '2024-01-01', 1), flow(B, '2024-01-01', 1), flow(C, '2024-01-01', 1)]
    // 100.00 / 3 = 33.333…: 33.33 each is 99.99; the cent left goes to the first of the equal
    // remainders → 33.34, 33.33, 33.33 = 100.00 (rounding each share would lose the cent).
    assert.deepEqual(
      allocate(flows, navs({}), 10_000n).investors.map((i) => i.value),
      [33.34, 33.33, 33.33],
    )
    // 0.02 / 3 = 0.00666…: rounding each share gives 0.01 × 3 = 0.03, a cent more than there is;
    // whole cents 0 each, and the 2 left go to A and B → 0.01 + 0.01 + 0 = 0.02.
    assert.deepEqual(
      allocate(flows, navs({}), 2n).investors.map((i) => i.value),
      [0.01, 0.01, 0],
    )
    // Unequal remainders: A 2 units, B 1 (A adds 1.00 on the second date, at 1.00 a unit).
    // 10.00 × 2/3 = 6.666… (remainder ⅔ of a cent), × 1/3 = 3.333… (⅓): 6.66 + 3.33 = 9.99, and the
    // cent goes to the larger remainder, A → 6.67 + 3.33 = 10.00.
    const two = [flow(A, '2024-01-01', 1), flow(B, '2024-01-01', 1), flow(A, '2024-02-01', 1)]
    assert.deepEqual(
      allocate(two, navs({ '2024-02-01': 2 }), 1_000n).investors.map((i) => i.value),
      [6.67, 3.33],
    )
  })

  it('is empty without flows', () => {
    assert.deepEqual(allocate([], navs({}), 0n), { investors: [], total_units: 0, nav_per_unit: null })
  })

  it('rejects withdrawals without units, unpriceable dates and bad dates', () => {
    assert.throws(() => allocate([flow(A, '2024-01-01', -1)], navs({}), 0n), RangeError)
    assert.throws(() => allocate(club, navs({ '2024-03-01': 0 }), 0n), RangeError)
    assert.throws(() => allocate([flow(A, 'VARIOUS', 1)], navs({}), 0n), RangeError)
    assert.throws(() => allocate(club, navs(clubNav), -1n), RangeError)
  })
})
