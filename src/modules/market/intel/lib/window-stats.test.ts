import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { windowStats } from './window-stats.ts'

describe('windowStats', () => {
  it('sums volume, weights the vwap and compares first and last close', () => {
    const stats = windowStats([
      { close: 100, volume: 1000, vwap: 99.5 },
      { close: 101, volume: 3000, vwap: 100.5 },
      { close: 102.5, volume: 0, vwap: null },
      { close: 102, volume: 1000, vwap: null },
    ])
    // volume 1000 + 3000 + 0 + 1000 = 5000
    // vwap (99.5·1000 + 100.5·3000 + 102·1000) / 5000 = (99500 + 301500 + 102000) / 5000 = 100.6
    // change 102 − 100 = 2 → 2 / 100 = 2 %
    assert.deepEqual(stats, { volume: 5000, vwap: 100.6, price_change: 2, change_pct: 2 })
  })

  it('rounds to 4 decimals and handles a falling window', () => {
    // (30.1 − 30.4) = −0.3; −0.3 / 30.4 · 100 = −0.98684… → −0.9868
    const stats = windowStats([
      { close: 30.4, volume: 7, vwap: 30.41 },
      { close: 30.1, volume: 0, vwap: null },
    ])
    assert.deepEqual(stats, { volume: 7, vwap: 30.41, price_change: -0.3, change_pct: -0.9868 })
  })

  it('is null for no bars and has a null vwap without volume', () => {
    assert.equal(windowStats([]), null)
    assert.equal(windowStats([{ close: 5, volume: 0, vwap: null }])!.vwap, null)
  })
})
