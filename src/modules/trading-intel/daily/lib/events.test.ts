import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { earningsEvents, relevanceOf, sortEvents, type Exposure } from './events.ts'

const exposure: Exposure = {
  held: new Set(['AAPL']),
  watched: new Set(['MSFT', 'XOM']),
  heldSectors: new Set(['Tech']),
  sectorOf: new Map([
    ['AAPL', 'Tech'],
    ['MSFT', 'Tech'],
    ['XOM', 'Energy'],
    ['KO', 'Staples'],
    ['NVDA', 'Tech'],
  ]),
}

describe('relevance', () => {
  it('held, watched and sector exposure (never for a held symbol)', () => {
    assert.deepEqual(relevanceOf('AAPL', exposure), ['held'])
    assert.deepEqual(relevanceOf('MSFT', exposure), ['watched', 'sector_exposure'])
    assert.deepEqual(relevanceOf('NVDA', exposure), ['sector_exposure'])
    assert.deepEqual(relevanceOf('XOM', exposure), ['watched'])
    assert.deepEqual(relevanceOf('KO', exposure), [])
    assert.deepEqual(relevanceOf('ZZZ', exposure), [])
  })

  it('earnings without a tag are left out; held ones are high impact', () => {
    const row = (symbol: string) => ({
      symbol,
      date: '2026-11-24',
      hour: null,
      quarter: 1,
      year: 2027,
      eps_estimate: null,
      eps_actual: null,
      revenue_estimate: null,
      revenue_actual: null,
    })
    const events = earningsEvents(['KO', 'NVDA', 'AAPL'].map(row), exposure)
    assert.deepEqual(
      sortEvents(events).map((e) => [e.symbol, e.impact, e.title]),
      [
        ['AAPL', 'high', 'AAPL Q1 2027 earnings'],
        ['NVDA', 'medium', 'NVDA Q1 2027 earnings'],
      ],
    )
  })
})
