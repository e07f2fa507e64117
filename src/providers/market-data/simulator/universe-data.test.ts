import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { UNIVERSE_DATA, parseUniverseData } from './universe-data.ts'

describe('universe data (universe.json)', () => {
  it('loads every block with one unique symbol per row', () => {
    const symbols = [
      ...UNIVERSE_DATA.stocks.sectors.flatMap((s) => s.rows.map((r) => r[0])),
      ...UNIVERSE_DATA.funds.rows.map((r) => r[0]),
      ...UNIVERSE_DATA.derived.rows.map((r) => r[0]),
      UNIVERSE_DATA.vix.symbol,
    ]
    assert.equal(new Set(symbols).size, symbols.length)
    assert.equal(symbols.length, 578)
  })

  it('rejects a row of the wrong shape, naming where', () => {
    const bad = structuredClone(UNIVERSE_DATA) as { funds: { rows: unknown[][] } }
    bad.funds.rows[2] = ['VOO', 'Vanguard S&P 500 ETF', 'NYSE Arca', null, 'Large Blend', '550']
    assert.throws(() => parseUniverseData(bad), /universe\.json: \/funds\/rows\/2/)
    assert.throws(() => parseUniverseData({}), /universe\.json/)
  })
})
