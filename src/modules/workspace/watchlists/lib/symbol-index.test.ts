import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { lowerBound, SymbolIndex, type IndexedInstrument } from './symbol-index.ts'

const i = (symbol: string, name: string, market_cap: number | null = null): IndexedInstrument => ({
  symbol,
  name,
  exchange: 'NYSE',
  type: 'stock',
  sector: null,
  market_cap,
})

const UNIVERSE = [
  i('AMZN', 'Amazon.com, Inc.', 2000),
  i('AMD', 'Advanced Micro Devices, Inc.', 300),
  i('AM', 'Antero Midstream Corporation', 8),
  i('AMAT', 'Applied Materials, Inc.', 150),
  i('AXP', 'American Express Company', 200),
  i('AIG', 'American International Group, Inc.', 50),
  i('BAC', 'Bank of America Corporation', 300),
  i('SPY', 'SPDR S&P 500 ETF Trust'),
]

describe('SymbolIndex', () => {
  const index = new SymbolIndex(UNIVERSE)

  it('binary search finds the first key not below the probe', () => {
    const sorted = ['A', 'AM', 'AMD', 'B']
    assert.deepEqual(
      ['', 'A', 'AL', 'AM', 'AMZ', 'C'].map((k) => lowerBound(sorted, k)),
      [0, 0, 1, 1, 3, 4],
    )
  })

  it('ranks the exact ticker, then shorter tickers, then alphabetically, then names by market cap', () => {
    assert.deepEqual(
      index.search('am', 10).map((m) => [m.instrument.symbol, m.match]),
      [
        ['AM', 'ticker_exact'],
        ['AMD', 'ticker_prefix'],
        ['AMAT', 'ticker_prefix'],
        ['AMZN', 'ticker_prefix'],
        // Bank of America: a name word starting with AM; the largest of the name matches.
        ['BAC', 'name'],
        ['AXP', 'name'],
        ['AIG', 'name'],
      ],
    )
    assert.deepEqual(
      index.search('am', 2).map((m) => m.instrument.symbol),
      ['AM', 'AMD'],
    )
  })

  it('matches every word of the query against the starts of the name’s words', () => {
    assert.deepEqual(
      index.search('american int', 5).map((m) => m.instrument.symbol),
      ['AIG'],
    )
    assert.deepEqual(
      index.search('Bank of', 5).map((m) => m.instrument.symbol),
      ['BAC'],
    )
    assert.deepEqual(
      index.search('s&p', 5).map((m) => m.instrument.symbol),
      ['SPY'],
    )
    assert.deepEqual(index.search('zzz', 5), [])
    assert.deepEqual(index.search('   ', 5), [])
  })

  it('looks tickers up in any case and suggests the closest for an unknown one', () => {
    assert.equal(index.get('amd')?.name, 'Advanced Micro Devices, Inc.')
    assert.equal(index.get('AMDX'), undefined)
    // AMZN is one edit away; AMD, AMAT and AM two, all sharing "AM": larger companies first.
    assert.deepEqual(index.closest('AMZM', 4), ['AMZN', 'AMD', 'AMAT', 'AM'])
    assert.equal(index.closest('AXQ', 1)[0], 'AXP')
  })
})
