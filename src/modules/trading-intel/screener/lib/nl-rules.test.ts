import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { EXAMPLE_PROMPTS, parsePrompt } from './nl-rules.ts'
import { amount } from './nl-words.ts'
import { validateSpec, type Condition, type ScreenSpec } from './spec.ts'

const all = (...conditions: Condition[]): ScreenSpec => ({ filters: { all: conditions } })
const B = 1e9

/** Each phrasing and the exact spec the rules must build for it. */
const CASES: Array<[string, ScreenSpec]> = [
  [
    'large-cap tech under 20 P/E',
    all(
      { field: 'market_cap', op: 'gte', value: 10 * B },
      { field: 'sector', op: 'eq', value: 'Information Technology' },
      { field: 'pe', op: 'lt', value: 20 },
    ),
  ],
  [
    'oversold dividend payers',
    all({ field: 'rsi_14', op: 'lt', value: 30 }, { field: 'dividend_yield', op: 'gt', value: 0 }),
  ],
  [
    'stocks gapping up on volume',
    all({ field: 'gap_pct', op: 'gte', value: 2 }, { field: 'relative_volume', op: 'gte', value: 1.5 }),
  ],
  ['near 52-week highs', all({ field: 'dist_52w_high', op: 'gte', value: -5 })],
  ['not in my portfolio', all({ field: 'held', op: 'eq', value: false })],
  ['stocks I own', all({ field: 'held', op: 'eq', value: true })],
  ['small caps', all({ field: 'market_cap', op: 'between', value: [0.3 * B, 2 * B] })],
  ['mid-cap stocks', all({ field: 'market_cap', op: 'between', value: [2 * B, 10 * B] })],
  ['mega caps', all({ field: 'market_cap', op: 'gte', value: 200 * B })],
  ['micro-cap', all({ field: 'market_cap', op: 'lt', value: 0.3 * B })],
  ['market cap over $50B', all({ field: 'market_cap', op: 'gt', value: 50 * B })],
  ['RSI above 70', all({ field: 'rsi_14', op: 'gt', value: 70 })],
  ['overbought', all({ field: 'rsi_14', op: 'gt', value: 70 })],
  ['above the 200-day moving average', all({ field: 'price', op: 'gt', value: { field: 'sma_200' } })],
  ['trading below the 50 day', all({ field: 'price', op: 'lt', value: { field: 'sma_50' } })],
  ['golden cross', all({ field: 'sma_50', op: 'crosses_above', value: { field: 'sma_200' } })],
  ['death cross', all({ field: 'sma_50', op: 'crosses_below', value: { field: 'sma_200' } })],
  [
    'price crossing above the 50-day',
    all({ field: 'price', op: 'crosses_above', value: { field: 'sma_50' } }),
  ],
  ['high dividend yield over 4%', all({ field: 'dividend_yield', op: 'gt', value: 4 })],
  ['high dividend stocks', all({ field: 'dividend_yield', op: 'gte', value: 4 })],
  ['low beta', all({ field: 'beta', op: 'lt', value: 0.8 })],
  ['high-beta names', all({ field: 'beta', op: 'gt', value: 1.5 })],
  [
    'top gainers today',
    {
      filters: { all: [{ field: 'change_pct', op: 'gt', value: 0 }] },
      sort: [{ field: 'change_pct', dir: 'desc' }],
    },
  ],
  [
    'biggest losers',
    {
      filters: { all: [{ field: 'change_pct', op: 'lt', value: 0 }] },
      sort: [{ field: 'change_pct', dir: 'asc' }],
    },
  ],
  ['unusual volume', all({ field: 'relative_volume', op: 'gte', value: 2 })],
  ['energy stocks', all({ field: 'sector', op: 'eq', value: 'Energy' })],
  ['utilities and real estate', all({ field: 'sector', op: 'in', value: ['Utilities', 'Real Estate'] })],
  ['cheap stocks under $10', all({ field: 'price', op: 'lt', value: 10 })],
  ['penny stocks', all({ field: 'price', op: 'lt', value: 5 })],
  ['ETFs', { filters: { all: [] }, universe: 'funds' }],
  ['down 20% from highs', all({ field: 'dist_52w_high', op: 'lte', value: -20 })],
  ['up more than 50% this year', all({ field: 'perf_ytd', op: 'gt', value: 50 })],
  ['down 10% over the past month', all({ field: 'perf_1m', op: 'lt', value: -10 })],
  ['up 5% today', all({ field: 'change_pct', op: 'gt', value: 5 })],
  [
    'uncorrelated with my portfolio',
    all({ field: 'correlation_to_portfolio', op: 'between', value: [-0.3, 0.3] }),
  ],
  ["sectors I'm underweight", all({ field: 'sector_weight_in_portfolio', op: 'lt', value: 5 })],
  ['volatile stocks', all({ field: 'atr_pct', op: 'gt', value: 4 })],
  ['average volume above 1M', all({ field: 'avg_volume', op: 'gt', value: 1e6 })],
  [
    'oversold large-cap tech not in my portfolio',
    all(
      { field: 'rsi_14', op: 'lt', value: 30 },
      { field: 'market_cap', op: 'gte', value: 10 * B },
      { field: 'sector', op: 'eq', value: 'Information Technology' },
      { field: 'held', op: 'eq', value: false },
    ),
  ],
  [
    'opening range breakouts with bullish options flow',
    all(
      { field: 'intraday_setup', op: 'eq', value: 'orb' },
      { field: 'options_flow', op: 'eq', value: 'CALL_DOMINANCE' },
    ),
  ],
  [
    'High-yield ETFs near 52-week lows with P/E below 15',
    {
      filters: {
        all: [
          { field: 'dividend_yield', op: 'gte', value: 4 },
          { field: 'dist_52w_low', op: 'lte', value: 5 },
          { field: 'pe', op: 'lt', value: 15 },
        ],
      },
      universe: 'funds',
    },
  ],
]

describe('keyword rules: prompt → spec', () => {
  it('covers at least 25 phrasings', () => assert.ok(CASES.length >= 25))

  for (const [prompt, expected] of CASES) {
    it(`"${prompt}"`, () => {
      const parsed = parsePrompt(prompt)
      assert.ok(parsed, 'the prompt is understood')
      assert.deepEqual(parsed.spec, expected)
      // Every clause the rules build is a valid spec for the engine.
      const checked = validateSpec(parsed.spec)
      assert.ok('spec' in checked, JSON.stringify(checked))
      assert.ok(parsed.clauses.length >= 1)
      for (const clause of parsed.clauses)
        assert.ok(prompt.toLowerCase().includes(clause.text.split(' ')[0]!))
    })
  }

  it('every example offered in the 422 message is understood', () => {
    for (const p of EXAMPLE_PROMPTS) assert.ok(parsePrompt(p), p)
  })

  it('a prompt no rule knows is null', () => {
    assert.equal(parsePrompt('what is the meaning of life'), null)
    assert.equal(parsePrompt(''), null)
    assert.equal(parsePrompt('   '), null)
  })

  it('a matched phrase is not read twice by a less specific rule', () => {
    // "crossing above the 50-day" must not also become "above the 50-day".
    const p = parsePrompt('crossing above the 50-day')
    assert.deepEqual(p?.spec.filters.all, [
      { field: 'price', op: 'crosses_above', value: { field: 'sma_50' } },
    ])
    // "market cap over $10B" must not also become a price filter.
    assert.deepEqual(parsePrompt('market cap over $10B')?.spec.filters.all, [
      { field: 'market_cap', op: 'gt', value: 10 * B },
    ])
  })

  it('paraphrases each clause with the field, the operator and the value in its unit', () => {
    const p = parsePrompt('large-cap tech under 20 P/E')!
    assert.equal(p.clauses.length, 3)
    assert.deepEqual(
      p.clauses.map((c) => c.text),
      ['large-cap', 'tech', 'under 20 p/e'],
    )
    assert.match(p.clauses[0]!.paraphrase, /large caps: .*≥ \$10B/)
    assert.match(p.clauses[2]!.paraphrase, /P\/E: .*< 20/)
    assert.equal(p.paraphrase, p.clauses.map((c) => c.paraphrase).join('; '))
  })

  it('reads amounts with magnitude words exactly', () => {
    assert.equal(amount('1.5', 'b'), 1_500_000_000)
    assert.equal(amount('750', 'k'), 750_000)
    assert.equal(amount('2', 'trillion'), 2_000_000_000_000)
    assert.equal(amount('0.3', 'b'), 300_000_000)
  })
})
