import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { SimulatedMarketData } from '../../../providers/market-data/index.ts'
import { systemClock } from '../../../platform/clock.ts'
import { SETUPS } from '../intraday/index.ts'
import { FLOW_DIRECTIONS } from '../options-flow/index.ts'
import { FLOW_CLASSES, INSTRUMENT_TYPES, INTRADAY_SETUPS, SECTORS } from './lib/catalog.ts'

// The catalog lists the closed sets its string fields take (so a filter naming a value that cannot
// occur is a 422); each set belongs to the module that produces the values, and must stay equal.
describe('the catalog’s closed sets', () => {
  it('are the intraday detectors, the options-flow classes and the universe’s sectors and types', async () => {
    assert.deepEqual([...INTRADAY_SETUPS].sort(), [...SETUPS].sort())
    assert.deepEqual([...FLOW_CLASSES].sort(), [...FLOW_DIRECTIONS].sort())
    const universe = await new SimulatedMarketData({ clock: systemClock }).universe()
    const sectors = new Set(universe.map((i) => i.sector).filter((s): s is string => s !== null))
    assert.deepEqual([...sectors].sort(), [...SECTORS].sort())
    for (const i of universe) assert.ok((INSTRUMENT_TYPES as readonly string[]).includes(i.type), i.symbol)
  })
})
