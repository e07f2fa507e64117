import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { FxDay, FxProvider } from '../../../providers/market-data/index.ts'
import { createSimulatedFx, isTargetDay } from '../../../providers/market-data/simulator/fx.ts'
import { FxService } from './fx.service.ts'

const fixed = (days: FxDay[]): FxProvider => ({
  name: 'fixed',
  currencies: async () => ['EUR', 'USD', 'GBP'],
  dailyRates: async (from, to) => days.filter((d) => d.date >= from && d.date <= to),
})

describe('FxService', () => {
  it('crosses two euro quotes and carries a fixing over the weekend', async () => {
    const fx = new FxService({
      fx: fixed([
        { date: '2025-03-07', rates: { USD: '1.08', GBP: '0.84' } },
        { date: '2025-03-10', rates: { USD: '1.1', GBP: '0.88' } },
      ]),
    })
    const usdToGbp = await fx.daily('USD', 'GBP', '2025-03-07', '2025-03-10')
    // 0.84 / 1.08 = 0.7777…, kept for Saturday and Sunday; Monday 0.88 / 1.1 = 0.8.
    assert.deepEqual(
      [...usdToGbp],
      [
        ['2025-03-07', '0.7777777778'],
        ['2025-03-08', '0.7777777778'],
        ['2025-03-09', '0.7777777778'],
        ['2025-03-10', '0.8'],
      ],
    )
    assert.equal(await fx.rate('EUR', 'USD', '2025-03-09'), '1.08')
    assert.equal(await fx.rate('USD', 'EUR', '2025-03-10'), '0.9090909091')
  })

  it('has no rate for an unquoted currency or a fixing more than a week old', async () => {
    const fx = new FxService({ fx: fixed([{ date: '2025-03-07', rates: { USD: '1.08' } }]) })
    assert.equal(await fx.rate('USD', 'JPY', '2025-03-07'), null)
    assert.equal(await fx.rate('EUR', 'USD', '2025-03-14'), '1.08')
    assert.equal(await fx.rate('EUR', 'USD', '2025-03-15'), null)
    assert.equal(await fx.rate('SEK', 'SEK', '1999-01-01'), '1')
  })
})

describe('simulated euro fixings', () => {
  it('publish on TARGET days only, at plausible levels, the same in every run', async () => {
    assert.equal(isTargetDay('2025-04-18'), false, 'Good Friday')
    assert.equal(isTargetDay('2025-04-21'), false, 'Easter Monday')
    assert.equal(isTargetDay('2025-05-01'), false)
    assert.equal(isTargetDay('2025-07-04'), true, 'a US holiday is a TARGET day')
    const a = await createSimulatedFx().dailyRates('2025-01-01', '2025-12-31')
    const b = await createSimulatedFx().dailyRates('2025-01-01', '2025-12-31')
    assert.deepEqual(a, b)
    assert.ok(a.length > 250 && a.length < 260, `${a.length} fixings in 2025`)
    for (const d of a) {
      const usd = Number(d.rates.USD)
      assert.ok(usd > 0.8 && usd < 1.45, `EURUSD ${usd} on ${d.date}`)
      const dkk = Number(d.rates.DKK)
      assert.ok(Math.abs(dkk / 7.46038 - 1) < 0.0225, 'DKK inside its ERM II band')
      assert.ok(Math.abs(Number(d.rates.HKD) / usd / 7.8 - 1) < 0.01, 'HKD inside its USD peg')
    }
  })
})
