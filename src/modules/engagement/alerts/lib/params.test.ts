import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { alertTypes } from './catalog.ts'
import { checkParams, compareDecimal, decimalOf } from './params.ts'

const types = alertTypes({
  setups: ['orb', 'gap'],
  flowDirections: ['CALL_DOMINANCE', 'PUT_DOMINANCE', 'NEUTRAL_FLOW'],
})
const spec = (t: string) => types.find((x) => x.type === t)!
const at = ['body', 'rules', 0, 'params']
const errorsOf = (t: string, p: unknown) => {
  const r = checkParams(spec(t), p, at)
  return 'errors' in r ? r.errors : []
}

describe('checkParams', () => {
  it('normalises: symbol upper case, threshold as an exact decimal string, defaults filled', () => {
    assert.deepEqual(checkParams(spec('price_above'), { symbol: 'aapl', threshold: '187.250' }, at), {
      params: { symbol: 'AAPL', threshold: '187.25' },
    })
    assert.deepEqual(checkParams(spec('percent_move'), { symbol: 'MSFT', percent: 2.5 }, at), {
      params: { symbol: 'MSFT', percent: 2.5, direction: 'either' },
    })
    // A percent as a decimal string reads as the same number (prices and percents alike).
    assert.deepEqual(checkParams(spec('percent_move'), { symbol: 'MSFT', percent: '2.50' }, at), {
      params: { symbol: 'MSFT', percent: 2.5, direction: 'either' },
    })
    assert.equal(errorsOf('percent_move', { symbol: 'A', percent: 'lots' })[0]!.type, 'type_error')
    assert.equal(errorsOf('percent_move', { symbol: 'A', percent: true })[0]!.type, 'type_error')
    assert.deepEqual(checkParams(spec('options_flow'), { symbol: 'SPY' }, at), {
      params: { symbol: 'SPY', directions: ['CALL_DOMINANCE', 'PUT_DOMINANCE'] },
    })
  })

  it('names the parameter out of range, of the wrong type, unknown or missing', () => {
    assert.deepEqual(
      errorsOf('percent_move', { symbol: 'A', percent: 150 }).map((e) => [e.loc.at(-1), e.type]),
      [['percent', 'range_error']],
    )
    assert.deepEqual(
      errorsOf('price_above', { symbol: 'A', threshold: 'ten' }).map((e) => [e.loc.at(-1), e.type]),
      [['threshold', 'type_error']],
    )
    assert.deepEqual(
      errorsOf('price_above', { symbol: 'A', threshold: 1, colour: 'red' }).map((e) => [
        e.loc.at(-1),
        e.type,
      ]),
      [['colour', 'unknown_param']],
    )
    assert.deepEqual(
      errorsOf('price_below', { symbol: 'A' }).map((e) => [e.loc.at(-1), e.type]),
      [['threshold', 'missing']],
    )
    assert.deepEqual(
      errorsOf('earnings_upcoming', { days: 31 }).map((e) => e.loc.at(-1)),
      ['days', 'symbol'],
    )
    assert.deepEqual(
      errorsOf('intraday_signal', { target: 'holdings', symbol: 'A' }).map((e) => e.type),
      ['not_allowed'],
    )
    assert.deepEqual(
      errorsOf('intraday_signal', { symbol: 'A', setups: ['orb', 'moon'] }).map((e) => e.loc.slice(-2)),
      [['setups', 1]],
    )
    assert.deepEqual(
      errorsOf('price_above', { symbol: 'A', threshold: '1.00001' }).map((e) => e.type),
      ['value_error'],
    )
  })

  it('thresholds at the bounds are accepted', () => {
    assert.deepEqual(errorsOf('percent_move', { symbol: 'A', percent: 0.1 }), [])
    assert.deepEqual(errorsOf('percent_move', { symbol: 'A', percent: 100 }), [])
    assert.equal(errorsOf('percent_move', { symbol: 'A', percent: 0.09 })[0]!.type, 'range_error')
  })
})

describe('decimals', () => {
  it('parses numbers and strings exactly and compares them', () => {
    assert.equal(decimalOf(0.1), '0.1')
    assert.equal(decimalOf('007.50'), '7.5')
    assert.equal(decimalOf(-1), null)
    assert.equal(compareDecimal('187.25', '187.250'), 0)
    assert.equal(compareDecimal('187.24', '187.25'), -1)
  })
})
