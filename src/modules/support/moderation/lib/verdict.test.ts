import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { applyRules } from './rules.ts'
import { categoryOf, decide } from './verdict.ts'

describe('moderation verdict', () => {
  it('allows clean text with zero scores in every category', () => {
    const r = decide([], null, '')
    assert.equal(r.verdict, 'allow')
    assert.deepEqual(r.categories, [])
    assert.equal(Object.keys(r.scores).length, 10)
    assert.ok(Object.values(r.scores).every((s) => s === 0))
  })

  it('flags at 0.5 and blocks at 0.8; several signals combine as a noisy-or', () => {
    assert.equal(decide(applyRules('to the moon'), null, '').verdict, 'flag')
    assert.equal(decide(applyRules('to the moon'), null, '').scores.pump_and_dump, 0.5)
    const risk = decide(applyRules('risk-free trade'), null, '')
    assert.deepEqual([risk.verdict, risk.scores.guaranteed_returns], ['flag', 0.6])
    // 1 − (1 − 0.6)(1 − 0.7) = 0.88
    const both = decide(applyRules('risk-free trade, double your money'), null, '')
    assert.deepEqual([both.verdict, both.scores.guaranteed_returns, both.blocking], ['block', 0.88, ['guaranteed_returns']])
    // 1 − (1 − 0.5)(1 − 0.8) = 0.9
    assert.equal(decide(applyRules('$GME to the moon, hurry'), null, '').scores.pump_and_dump, 0.9)
  })

  it('adds the classifier’s best sub-category score to our category, with its own reason', () => {
    const r = decide([], { scores: { 'harassment/threatening': 0.83, harassment: 0.4, 'violence/graphic': 0.2, novel: 0.99 } }, 'lead')
    assert.equal(r.scores.harassment, 0.83)
    assert.equal(r.scores.violence, 0.2)
    assert.deepEqual(r.reasons, [{ category: 'harassment', rule: 'classifier:harassment/threatening', excerpt: 'lead' }])
    assert.equal(r.verdict, 'block')
    // Rules and classifier on the same category: 1 − (1 − 0.6)(1 − 0.5) = 0.8
    const mixed = decide(applyRules('you are an idiot'), { scores: { harassment: 0.5 } }, 'x')
    assert.deepEqual([mixed.scores.harassment, mixed.verdict], [0.8, 'block'])
  })

  it('never blocks on self-harm, only flags it', () => {
    const r = decide([], { scores: { 'self-harm/intent': 0.97 } }, 'x')
    assert.deepEqual([r.verdict, r.categories, r.blocking], ['flag', ['self_harm'], []])
  })

  it('maps vendor category names and ignores unknown ones', () => {
    assert.equal(categoryOf('self-harm/instructions'), 'self_harm')
    assert.equal(categoryOf('illicit/violent'), 'illicit')
    assert.equal(categoryOf('spam'), null)
  })
})
