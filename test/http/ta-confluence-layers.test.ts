/** End to end on the real layers (structure, price action, ICT): catalog, backtest figures, confluence, zones. */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { barsOf } from '../../src/modules/ta/ta-structure/lib/s2.fixture.ts'
import { zigzag } from '../../src/modules/ta/ta-structure/lib/zigzag.fixture.ts'
import { F1 } from '../../src/kernel/quant/vectors.fixture.ts'
import { fixedClock } from '../../src/platform/clock.ts'
import { buildTestApp, type Client, type TestApp } from '../helpers/test-app.ts'
import { json } from '../helpers/assertions.ts'
import { holdings } from './risk-fixtures.ts'
import { RiskMarket } from './ta-confluence-fixtures.ts'

const clock = fixedClock('2026-11-24T15:00:00Z')
const market = new RiskMarket({ clock })
// A rising zigzag: mid(t) = 50 + 0.1·t + 0.5·tri(t mod 12); bullish BOS at 17, 29, 41, 53 (L = R = 3)
market.daily.AAPL = zigzag(60, 0.1)
// FVG F1: a bullish FVG at 1 (101–102, touched at bar 4), a bearish one at 4 (102.6–103, untouched)
market.daily.MSFT = barsOf({ O: F1.open, H: F1.high, L: F1.low, C: F1.close }, Date.UTC(2026, 10, 16, 5))
let t: TestApp
let u: Client
before(async () => {
  t = await buildTestApp({ clock, providers: { market } })
  u = await t.newTenant()
})
after(() => t.close())
const near = (a: unknown, b: number) =>
  assert.ok(typeof a === 'number' && Math.abs(a - b) < 1e-9, `${String(a)} vs ${b}`)

describe('ta-confluence on the real layers', () => {
  it('the catalog holds the three installed layers; filtered, the others are empty', async () => {
    const all = json((await u.get('/api/ta/patterns')).body)
    for (const name of ['structure', 'price_action', 'ict']) {
      assert.ok(all[name].length > 0, name)
      assert.ok(
        all[name].every((p: { layer: string }) => p.layer === name),
        name,
      )
    }
    assert.ok(all.structure.some((p: { id: string }) => p.id === 'bos'))
    assert.ok(all.ict.some((p: { id: string }) => p.id === 'fvg'))
    const ict = json((await u.get('/api/ta/patterns?layer=ict')).body)
    assert.deepEqual([ict.structure, ict.price_action, ict.ict.length], [[], [], all.ict.length])
  })

  it('BOS backtest: closes 54.2, 55.4, 56.6, 57.8; +0.6 a bar later, −1 five bars later, flat at 10 and 20', async () => {
    const res = await u.get('/api/ta/backtest/AAPL/structure/bos')
    assert.equal(res.statusCode, 200, res.body)
    const b = json(res.body)
    assert.deepEqual(
      b.occurrences.map((o: { index: number; price: number; direction: string }) => [
        o.index,
        o.price,
        o.direction,
      ]),
      [
        [17, 54.2, 'bullish'],
        [29, 55.4, 'bullish'],
        [41, 56.6, 'bullish'],
        [53, 57.8, 'bullish'],
      ],
    )
    const entries = [54.2, 55.4, 56.6, 57.8]
    const [h1, h5, h10, h20] = b.horizons
    assert.deepEqual([h1.sample_size, h1.hit_rate], [4, 1])
    near(h1.avg_return, entries.reduce((a, e) => a + 0.6 / e, 0) / 4)
    assert.deepEqual([h5.sample_size, h5.hit_rate], [4, 0])
    near(h5.avg_return, entries.reduce((a, e) => a - 1 / e, 0) / 4)
    // 10 bars later: phase 5 → 3, tri 5 → 3, the drift +1.0 equals the 0.5·2 lost; 20 bars: phase 1, drift +2.0
    assert.deepEqual([h10.sample_size, h10.hit_rate], [3, 0])
    near(h10.avg_return, 0)
    assert.deepEqual([h20.sample_size, h20.hit_rate], [2, 0])
    near(h20.avg_return, 0)
  })

  it('confluence uses the structure trend (+1) and weighs only the used components', async () => {
    const b = json((await u.get('/api/ta/confluence/AAPL')).body)
    type C = {
      layer: string
      used: boolean
      score: number | null
      weight: number
      evidence: { trend?: string }
    }
    const cs: C[] = b.components
    const s = cs.find((c) => c.layer === 'structure')!
    assert.deepEqual([s.used, s.score, s.evidence.trend], [true, 1, 'bullish'])
    const used = cs.filter((c) => c.used)
    const w = used.reduce((a, c) => a + c.weight, 0)
    near(b.score, used.reduce((a, c) => a + c.weight * c.score!, 0) / w)
    assert.deepEqual(
      b.dropped,
      cs.filter((c) => !c.used).map((c) => c.layer),
    )
  })

  it('dashboard zones from the real ICT layer: the untouched bearish F1 gap above 102.4, the touched one skipped', async () => {
    const owner = await t.newTenant()
    await holdings(owner, [{ symbol: 'MSFT', quantity: 1, value: 102.4 }])
    const [row] = json((await owner.get('/api/ta/dashboard/portfolio')).body).holdings
    assert.deepEqual([row.symbol, row.last_close, row.error], ['MSFT', 102.4, null])
    assert.deepEqual(row.zones, {
      above: { kind: 'fvg', direction: 'bearish', top: 103, bottom: 102.6, index: 5, mitigated: false },
      below: null,
    })
  })
})
