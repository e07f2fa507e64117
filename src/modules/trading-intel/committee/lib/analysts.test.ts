import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { macd, rsi, sma } from '../../../../kernel/quant/index.ts'
import { flowOpinion } from './flow.ts'
import { fundamentalOpinion } from './fundamental.ts'
import { riskOpinion } from './risk.ts'
import { headlineSentiment, sentimentOpinion } from './sentiment.ts'
import { rsiComponent, technicalOpinion } from './technical.ts'

const contract = (type: 'put' | 'call', volume: number | null, expiration = '2026-11-27') => ({
  symbol: 'X',
  underlying: 'X',
  expiration,
  strike: 1,
  type,
  volume,
  open_interest: null,
  bid: null,
  ask: null,
  last: null,
})

describe('analysts', () => {
  it('technical: RSI bands and components from the kernels; too little history is unavailable', () => {
    assert.deepEqual([70, 30, 60, 50, 40].map(rsiComponent), [-0.25, 0.25, 0.125, 0, -0.125])
    assert.equal(technicalOpinion(Array(33).fill(1)).status, 'unavailable')
    const closes = Array.from({ length: 60 }, (_, t) => 100 + 5 * Math.sin(t / 4) + t * 0.05)
    const o = technicalOpinion(closes)
    const last = closes.at(-1)!
    const expected =
      (last > sma(closes, 50)[59]! ? 0.25 : -0.25) +
      rsiComponent(rsi(closes, 14)[59]!)! +
      Math.sign(macd(closes).histogram[59]!) * 0.25
    assert.equal(o.score, Math.round(expected * 10_000) / 10_000)
    assert.equal(o.confidence, 0.75, 'no SMA200 with 60 bars')
    assert.equal((o.evidence.components as Record<string, unknown>).trend_sma200, null)
  })

  it('news: lexicon counts per headline and overall', () => {
    assert.deepEqual(headlineSentiment('Shares SURGE after record quarter; one analyst warns'), {
      positive: 2,
      negative: 1,
      score: 0.3333,
    })
    assert.deepEqual(headlineSentiment('Nothing to see'), { positive: 0, negative: 0, score: 0 })
    const o = sentimentOpinion([])
    assert.deepEqual([o.score, o.confidence, o.stance], [0, 0, 'neutral'])
  })

  it('flow: PCR of the nearest expiration; no calls → −1; thin → 0 with confidence 0', () => {
    const o = flowOpinion([
      contract('put', 1200),
      contract('call', 1000),
      contract('call', 50_000, '2026-12-04'),
    ])
    // PCR 1.2 → (0.7 − 1.2)/0.5 = −1; confidence log10(2200)/4.
    assert.deepEqual([o.score, o.confidence, o.stance], [-1, 0.8356, 'bearish'])
    assert.equal(flowOpinion([contract('put', 500), contract('call', 0)]).score, -1)
    assert.deepEqual([flowOpinion([contract('put', 10), contract('call', null)]).confidence], [0])
    // PCR 0.1 → (0.7 − 0.1)/0.5 = 1.2, clamped to 1.
    assert.equal(flowOpinion([contract('put', 100), contract('call', 1000)]).score, 1)
  })

  it('fundamental: mean surprise of the last four quarters / 10 %', () => {
    const ev = (date: string, a: number | null, e: number | null) => ({
      symbol: 'X',
      date,
      hour: null,
      quarter: 1,
      year: 2026,
      eps_actual: a,
      eps_estimate: e,
      revenue_actual: null,
      revenue_estimate: null,
    })
    const o = fundamentalOpinion(
      {
        symbol: 'X',
        name: 'X',
        exchange: 'N',
        type: 'stock',
        sector: 'Tech',
        industry: null,
        market_cap: 1e9,
        currency: 'USD',
        country: 'US',
      },
      [ev('2026-01-01', 0.9, 1), ev('2026-04-01', 1, 1), ev('2026-07-01', null, 1), ev('2026-08-01', 1, 0)],
    )
    // Two usable quarters: −10 % and 0 % → −0.05/0.1 = −0.5; confidence 2/4.
    assert.deepEqual([o.score, o.confidence], [-0.5, 0.5])
  })

  it('risk: at or above the position limit → −1; otherwise volatility against 30 %', () => {
    const close = Array.from({ length: 61 }, (_, t) => 100 * 1.001 ** t)
    const bars = { close, high: close, low: close }
    const calm = riskOpinion(bars, { quantity: 0, market_value: 0, account_value: 0 }, 0.1)
    // Constant returns: volatility 0 → (0.3 − 0)/0.4 = 0.75.
    assert.deepEqual([calm.score, calm.confidence], [0.75, 1])
    const full = riskOpinion(bars, { quantity: 10, market_value: 1000, account_value: 10_000 }, 0.1)
    assert.deepEqual([full.score, full.evidence.over_limit, full.evidence.headroom], [-1, true, 0])
  })
})
