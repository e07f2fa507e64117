import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { high52w, listFigures, type MemberFacts } from './analytics.ts'

const m = (
  symbol: string,
  sector: string | null,
  price: number | null,
  change_pct: number | null,
  high: number | null,
): MemberFacts => ({
  symbol,
  sector,
  price,
  change_pct,
  high_52w: high,
})

describe('watchlist figures', () => {
  it('means the priced members’ day change, picks best and worst, mixes sectors, measures the 52-week distance', () => {
    const f = listFigures([
      m('AAA', 'Tech', 90, 2, 100),
      m('BBB', 'Tech', 50, -1, 50),
      m('CCC', 'Energy', 30, 0.5, 40),
      m('DDD', null, null, null, null),
    ])
    // (2 − 1 + 0.5) / 3 = 0.5
    assert.equal(f.day_change_pct, 0.5)
    assert.equal(f.members_priced, 3)
    assert.deepEqual(f.best, { symbol: 'AAA', change_pct: 2 })
    assert.deepEqual(f.worst, { symbol: 'BBB', change_pct: -1 })
    assert.deepEqual(f.sector_mix, [
      { sector: 'Tech', count: 2, percent: 50 },
      { sector: 'Energy', count: 1, percent: 25 },
      { sector: null, count: 1, percent: 25 },
    ])
    assert.deepEqual(
      f.members.map((x) => x.dist_52w_high_pct),
      [-10, 0, -25, null],
    )
  })

  it('no priced member: no mean, no best or worst; ties go to ticker order', () => {
    const none = listFigures([m('AAA', null, null, null, null)])
    assert.deepEqual([none.day_change_pct, none.best, none.worst, none.members_priced], [null, null, null, 0])
    const tie = listFigures([m('ZZZ', 'X', 1, 1, 1), m('AAA', 'X', 1, 1, 1)])
    assert.deepEqual([tie.best?.symbol, tie.worst?.symbol], ['AAA', 'AAA'])
  })

  it('the 52-week high is the highest bar high, or the price when above them all', () => {
    assert.equal(high52w([10, 12, 11], 11.5), 12)
    assert.equal(high52w([10, 12, 11], 13), 13)
    assert.equal(high52w([], null), null)
    assert.equal(high52w([], 5), 5)
  })
})
