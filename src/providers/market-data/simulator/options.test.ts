import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../../platform/clock.ts'
import { isTradingDay } from '../../../kernel/calendar/nyse.ts'
import { blackScholes } from './options.ts'
import { SimulatedMarketData } from './simulated.ts'

const OCC = /^([A-Z0-9]{1,6})(\d{2})(\d{2})(\d{2})([CP])(\d{8})$/
const at = (iso: string) => new SimulatedMarketData({ clock: fixedClock(iso) })

describe('simulated option chains', () => {
  it('list sorted Friday expirations (Thursday before a Friday holiday): 4 weeklies plus monthlies', async () => {
    const chain = await at('2026-03-24T15:00:00Z').optionChain('AAPL')
    const e = chain.expirations
    assert.deepEqual([...e].sort(), e)
    assert.equal(new Set(e).size, e.length)
    assert.ok(e.includes('2026-04-02'), 'Good Friday 2026-04-03 → Thursday')
    assert.ok(e.includes('2026-04-17') && e.includes('2026-05-15'), 'third Fridays of April and May')
    for (const d of e) {
      const wd = new Date(`${d}T12:00:00Z`).getUTCDay()
      const nextDay = new Date(Date.parse(`${d}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
      assert.ok(wd === 5 || (wd === 4 && !isTradingDay(nextDay)), d)
      assert.ok(d >= '2026-03-24')
    }
    assert.ok(e.length >= 6 && e.length <= 7)
  })

  it('use OCC symbols and strikes that bracket the spot, for the nearest or a chosen expiration', async () => {
    const m = at('2026-03-24T15:00:00Z')
    const [quote] = await m.quotes(['MSFT'])
    const chain = await m.optionChain('MSFT')
    assert.ok(chain.contracts.length > 20)
    for (const c of chain.contracts) {
      const match = OCC.exec(c.symbol)
      assert.ok(match, c.symbol)
      assert.equal(match[1], 'MSFT')
      assert.equal(`20${match[2]}-${match[3]}-${match[4]}`, c.expiration)
      assert.equal(match[5], c.type === 'call' ? 'C' : 'P')
      assert.equal(Number(match[6]) / 1000, c.strike)
      assert.equal(c.expiration, chain.expirations[0])
      assert.ok(
        c.bid !== null &&
          c.ask !== null &&
          c.bid <= c.ask &&
          c.volume !== null &&
          c.volume >= 0 &&
          c.open_interest !== null &&
          c.open_interest >= 0,
      )
    }
    const strikes = chain.contracts.map((c) => c.strike)
    assert.ok(Math.min(...strikes) < quote!.last && Math.max(...strikes) > quote!.last)
    const later = await m.optionChain('msft', { expiration: chain.expirations[2]! })
    assert.ok(later.contracts.every((c) => c.expiration === chain.expirations[2]))
    assert.deepEqual((await m.optionChain('MSFT', { expiration: '2026-03-25' })).contracts, [])
    assert.match((await m.optionChain('BRK.B')).contracts[0]!.symbol, /^BRKB\d{6}[CP]\d{8}$/)
  })

  it('price calls above puts in the money and honour put–call parity roughly', () => {
    const call = blackScholes('call', 100, 100, 0.25, 0.3)
    const put = blackScholes('put', 100, 100, 0.25, 0.3)
    assert.ok(Math.abs(call - put - (100 - 100 * Math.exp(-0.04 * 0.25))) < 1e-6)
    assert.ok(Math.abs(call - 6.458) < 0.01, `ATM call ${call}`) // textbook value for S=K=100, T=.25, σ=.3, r=.04
  })

  it('mix put and call volume so every flow class occurs across symbols and days', async () => {
    const classes = new Set<string>()
    for (const date of ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05']) {
      const m = at(`${date}T17:00:00Z`)
      for (const symbol of ['AAPL', 'SPY', 'TSLA', 'XOM', 'JPM', 'KO']) {
        const { contracts } = await m.optionChain(symbol)
        const put = contracts.filter((c) => c.type === 'put').reduce((s, c) => s + (c.volume ?? 0), 0)
        const call = contracts.filter((c) => c.type === 'call').reduce((s, c) => s + (c.volume ?? 0), 0)
        const pcr = put / call
        classes.add(pcr >= 1 ? 'PUT_DOMINANCE' : pcr <= 0.5 ? 'CALL_DOMINANCE' : 'NEUTRAL_FLOW')
      }
    }
    assert.deepEqual([...classes].sort(), ['CALL_DOMINANCE', 'NEUTRAL_FLOW', 'PUT_DOMINANCE'])
    assert.deepEqual(
      await at('2026-03-02T17:00:00Z').optionChain('AAPL'),
      await at('2026-03-02T17:00:00Z').optionChain('AAPL'),
    )
  })
})
