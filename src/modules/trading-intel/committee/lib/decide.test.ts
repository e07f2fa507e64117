import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { DEFAULT_CONFIG, configErrors, mergeConfig, votingWeights } from './config.ts'
import { aggregate, ruleDecision, size } from './decide.ts'
import { opinion, unavailable } from './opinion.ts'

const limits = { max_position_weight: 0.1, max_size_per_decision: 0.05, min_conviction: 0.2 }
const ops = [
  opinion('technical', 0.5, 1, {}, ''),
  opinion('fundamental', 0.5, 1, {}, ''),
  opinion('news_sentiment', 0.2, 0.5, {}, ''),
  unavailable('flow', 'upstream.server: down'),
  opinion('risk_manager', -0.25, 1, {}, ''),
]
const weights = { technical: 1, fundamental: 1, news_sentiment: 0.5, flow: 0.5, risk_manager: 1 }

describe('portfolio manager rules', () => {
  it('aggregates by weight × confidence (hand-worked)', () => {
    // Σwc = 1 + 1 + 0.25 + 1 = 3.25; Σwcs = 0.5 + 0.5 + 0.05 − 0.25 = 0.8; S = 0.24615…
    // coverage = 3.25 / Σw (1 + 1 + 0.5 + 0.5 + 1 = 4) = 0.8125; conviction = 0.24615 × 0.8125 = 0.2
    const a = aggregate(ops, weights)
    assert.equal(a.weighted_score, 0.2462)
    assert.equal(a.coverage, 0.8125)
    assert.equal(a.conviction, 0.2)
    assert.deepEqual(a.unavailable, ['flow'])
  })

  it('buys at S ≥ 0.15 with enough conviction, sized by conviction and capped by the headroom', () => {
    const sizing = { price: 50, account_value: 100_000, held_quantity: 0, position_weight: 0 }
    const d = ruleDecision(ops, weights, limits, sizing)
    assert.equal(d.action, 'buy')
    // 0.05 × 0.2 = 1 % of 100,000 = 1,000 → 20 shares at 50.
    assert.deepEqual(d.size, {
      shares: 20,
      percent_of_account: 0.01,
      price: 50,
      account_value: 100_000,
      capped_by: 'max_size_per_decision',
    })
    const nearLimit = size('buy', 1, limits, { ...sizing, position_weight: 0.08 })
    assert.deepEqual(
      [nearLimit.percent_of_account, nearLimit.shares, nearLimit.capped_by],
      [0.02, 40, 'max_position_weight'],
    )
    assert.equal(ruleDecision(ops, weights, { ...limits, min_conviction: 0.21 }, sizing).action, 'hold')
  })

  it('sells at S ≤ −0.15 no more than is held; holds in between', () => {
    const bear = [opinion('technical', -0.75, 1, {}, ''), opinion('risk_manager', -1, 1, {}, '')]
    const d = ruleDecision(bear, { technical: 1, risk_manager: 1 }, limits, {
      price: 10,
      account_value: 100_000,
      held_quantity: 150,
      position_weight: 0.2,
    })
    assert.deepEqual([d.action, d.weighted_score, d.conviction], ['sell', -0.875, 0.875])
    // 0.05 × 0.875 = 4.375 % → 437 shares, but 150 are held.
    assert.deepEqual([d.size.shares, d.size.capped_by], [150, 'position_held'])
    const flat = ruleDecision([opinion('technical', 0.1, 1, {}, '')], { technical: 1 }, limits, {
      price: 10,
      account_value: 0,
      held_quantity: 0,
      position_weight: 0,
    })
    assert.deepEqual([flat.action, flat.size.shares], ['hold', 0])
  })

  it('validates a merged config: a voting analyst with weight, the portfolio manager on', () => {
    assert.deepEqual(configErrors(DEFAULT_CONFIG), [])
    const off = { enabled: false }
    const none = mergeConfig(DEFAULT_CONFIG, {
      members: {
        technical: off,
        fundamental: off,
        news_sentiment: off,
        flow: off,
        risk_manager: { weight: 0 },
      },
    })
    assert.deepEqual(
      configErrors(none).map((e) => e.loc),
      [['body', 'members']],
    )
    assert.deepEqual(votingWeights(mergeConfig(DEFAULT_CONFIG, { members: { flow: off } })), {
      technical: 1,
      fundamental: 1,
      news_sentiment: 0.5,
      risk_manager: 1,
    })
  })
})
