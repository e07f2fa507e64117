import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { analystActions } from './analyst-actions.ts'
import { headlineSentiment, sentimentOpinion } from './sentiment.ts'

const calls = (h: string) => {
  const { up, down } = analystActions(h)
  return [up, down]
}

describe('analyst actions in headlines', () => {
  it('rating changes: an upgrade is one positive call, a downgrade one negative, whatever the ratings', () => {
    assert.deepEqual(calls('Morgan Stanley downgrades Apple Inc. to Hold'), [0, 1])
    assert.deepEqual(calls('Goldman Sachs upgrades Apple Inc. to Buy'), [1, 0])
    assert.deepEqual(calls('Apple downgraded to Market Perform from Outperform at BMO'), [0, 1])
    assert.deepEqual(calls('Nvidia upgraded to Overweight from Equal-Weight at Morgan Stanley'), [1, 0])
    assert.deepEqual(calls('Apple cut to Sell at Goldman'), [0, 1])
    assert.deepEqual(calls('Tesla raised to Strong Buy at Raymond James'), [1, 0])
    assert.deepEqual(calls('Analyst downgrade weighs on Intel'), [0, 1])
  })

  it('price targets: raised, lifted, boosted → positive; cut, lowered, trimmed, slashed → negative', () => {
    assert.deepEqual(calls('Wedbush raises its price target on Apple to $325'), [1, 0])
    assert.deepEqual(calls('Barclays cuts Apple price target to $180 from $200'), [0, 1])
    assert.deepEqual(calls('UBS lowers PT on Microsoft to $450'), [0, 1])
    assert.deepEqual(calls('Citi trims Amazon target to $210'), [0, 1])
    assert.deepEqual(calls('Apple price target lowered to $210 at Citi'), [0, 1])
    assert.deepEqual(calls('Nvidia price target raised to $200 at Bank of America'), [1, 0])
    assert.deepEqual(calls('Jefferies boosts Meta price target, keeps Buy'), [1, 0]) // "keeps Buy" has no "at"
  })

  it('stated ratings count by their side: Buy/Outperform/Overweight +, Sell/Underweight −, Hold/Neutral 0', () => {
    assert.deepEqual(calls('Bernstein initiates Apple at Outperform'), [1, 0])
    assert.deepEqual(calls('KeyBanc initiates coverage of Apple with Underweight rating'), [0, 1])
    assert.deepEqual(calls('Needham reiterates Buy on Roku'), [1, 0])
    assert.deepEqual(calls('HSBC starts Boeing at Sell'), [0, 1])
    assert.deepEqual(calls('Morgan Stanley rates Apple Equal-Weight'), [0, 0])
    assert.deepEqual(calls('Evercore ISI maintains Apple at In-Line'), [0, 0])
  })

  it('no analyst action in ordinary news; the words are left for the lexicon', () => {
    assert.deepEqual(analystActions('Apple shares surge after record quarter'), {
      up: 0,
      down: 0,
      rest: 'apple shares surge after record quarter',
    })
    assert.deepEqual(calls('Apple keeps plan to reduce costs'), [0, 0])
    assert.deepEqual(calls('Intel cuts 15% of jobs'), [0, 0])
  })
})

describe('headline sentiment with analyst actions', () => {
  it('a downgrade scores negative and an upgrade positive (two hits each)', () => {
    assert.deepEqual(headlineSentiment('Morgan Stanley downgrades Apple Inc. to Hold'), {
      positive: 0,
      negative: 2,
      score: -1,
    })
    assert.deepEqual(headlineSentiment('Goldman Sachs upgrades Apple Inc. to Buy'), {
      positive: 2,
      negative: 0,
      score: 1,
    })
  })

  it('a rating named in the action is not a lexicon word: "from Outperform" does not offset the downgrade', () => {
    assert.deepEqual(headlineSentiment('Apple downgraded to Market Perform from Outperform at BMO'), {
      positive: 0,
      negative: 2,
      score: -1,
    })
    // Two calls against one word: P = 1 (beats), N = 2 + 2 → (1 − 4)/5.
    assert.deepEqual(
      headlineSentiment('Apple beats, but JPMorgan downgrades to Neutral and cuts price target to $200'),
      { positive: 1, negative: 4, score: -0.6 },
    )
  })

  it("the committee's news score after a downgrade is negative, not +1", () => {
    const item = (headline: string, i: number) => ({
      id: `n${i}`,
      symbols: ['AAPL'],
      headline,
      summary: '',
      source: 'test',
      url: `https://news.example/${i}`,
      category: 'company',
      published_at: '2026-11-20T12:00:00Z',
    })
    const o = sentimentOpinion(
      ['Morgan Stanley downgrades Apple Inc. to Hold', 'Apple shares gain in early trading'].map(item),
    )
    // P = 1 (gain), N = 2 (the downgrade): (1 − 2)/3 = −0.3333, confidence 3/10.
    assert.deepEqual([o.score, o.confidence, o.stance], [-0.3333, 0.3, 'bearish'])
  })
})
