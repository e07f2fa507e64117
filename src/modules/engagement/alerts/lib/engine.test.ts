import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { RuleIndex, scaled, unscaled, type QuoteRule } from './engine.ts'

const rule = (r: Partial<QuoteRule> & Pick<QuoteRule, 'type' | 'level'>, id = 1): QuoteRule => ({
  id,
  symbols: ['AAPL'],
  ...r,
})
const one = (r: QuoteRule, price: number | string, changePct: number | string | null = null) =>
  new RuleIndex([r]).evaluate([{ symbol: 'AAPL', price, changePct }])[0]!

describe('price thresholds at the cent', () => {
  it('price_above holds at the threshold and a cent over, not a cent under', () => {
    const r = rule({ type: 'price_above', level: '187.25' })
    assert.equal(one(r, 187.25).holds, true)
    assert.equal(one(r, 187.26).holds, true)
    assert.equal(one(r, 187.24).holds, false)
    assert.equal(one(r, '187.2500').holds, true)
  })

  it('price_below holds at the threshold and a cent under, not a cent over', () => {
    const r = rule({ type: 'price_below', level: '0.3' })
    assert.equal(one(r, 0.1 + 0.2).holds, true) // 0.30000000000000004 is 0.3
    assert.equal(one(r, 0.29).holds, true)
    assert.equal(one(r, 0.31).holds, false)
  })

  it('answers the price and the threshold that were compared', () => {
    assert.deepEqual(one(rule({ type: 'price_above', level: '10' }), 10.5).values, {
      symbol: 'AAPL',
      price: '10.5',
      threshold: '10',
    })
  })
})

describe('day moves', () => {
  it('percent_move either: |change| ≥ p, both signs, exactly at the percent', () => {
    const r = rule({ type: 'percent_move', level: '2.5', direction: 'either' })
    assert.equal(one(r, 1, 2.5).holds, true)
    assert.equal(one(r, 1, -2.5).holds, true)
    assert.equal(one(r, 1, 2.49).holds, false)
    assert.equal(one(r, 1, -2.49).holds, false)
  })

  it('up and down only in their direction; an unknown change is not evaluated', () => {
    assert.equal(one(rule({ type: 'percent_move', level: '1', direction: 'up' }), 1, -3).holds, false)
    assert.equal(one(rule({ type: 'percent_move', level: '1', direction: 'down' }), 1, -1).holds, true)
    assert.equal(
      new RuleIndex([rule({ type: 'percent_move', level: '1' })]).evaluate([
        { symbol: 'AAPL', price: 1, changePct: null },
      ]).length,
      0,
    )
  })

  it('a watchlist rule holds when any member moves, naming the movers', () => {
    const r = rule({
      type: 'watchlist_move',
      level: '3',
      symbols: ['AAPL', 'MSFT', 'NVDA'],
      direction: 'either',
    })
    const [o] = new RuleIndex([r]).evaluate([
      { symbol: 'MSFT', price: 400, changePct: 1 },
      { symbol: 'NVDA', price: 100, changePct: -3.2 },
    ])
    assert.equal(o!.holds, true)
    assert.deepEqual(o!.values.movers, ['NVDA'])
    assert.equal(o!.values['change_pct.NVDA'], '-3.2')
  })
})

describe('the index', () => {
  it('evaluates only the rules of the tick’s symbols', () => {
    const index = new RuleIndex([
      rule({ type: 'price_above', level: '1' }, 1),
      { id: 2, type: 'price_above', level: '1', symbols: ['MSFT'] },
    ])
    const out = index.evaluate([{ symbol: 'MSFT', price: 2, changePct: 0 }])
    assert.deepEqual(
      out.map((o) => o.rule.id),
      [2],
    )
  })

  it('scales exactly and back', () => {
    assert.equal(scaled('1.5'), 150_000_000)
    assert.equal(scaled('-0.000000005'), -1)
    assert.equal(unscaled(scaled('123.45600')), '123.456')
    assert.equal(unscaled(-150_000_000), '-1.5')
  })
})
