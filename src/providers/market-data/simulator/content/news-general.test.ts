import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { GENERAL_TEMPLATES } from './news-general.ts'
import { rand } from './random.ts'

// Each two-party template and how to read its two parties back from the headline.
const TWO_PARTY: readonly [number, RegExp][] = [
  [0, /^(.+) agrees to buy (.+) for \$/],
  [2, /review of (.+)–(.+) deal$/],
  [3, /^(.+) and (.+) in merger talks$/],
]

describe('simulated merger news', () => {
  for (const [index, pattern] of TWO_PARTY) {
    it(`template ${index} never names one company as both parties (10,000 draws)`, () => {
      const template = GENERAL_TEMPLATES.merger[index]!
      const level = (_what: string, lo: number, hi: number) => (lo + hi) / 2
      for (let i = 0; i < 10_000; i++) {
        const [headline] = template(rand('seed', 'merger', index, i), level)
        const [, a, b] = pattern.exec(headline) ?? []
        assert.ok(a && b, headline)
        assert.notEqual(a, b, headline)
      }
    })
  }
})
