// Property tests of cents.ts (fast-check, fixed seeds), with big.js as the independent reference.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import Big from 'big.js'
import fc from 'fast-check'
import {
  centsToNumber,
  centsToString,
  decimalPlaces,
  gainLoss,
  roundDiv,
  sumCents,
  toCents,
} from './cents.ts'

const RUNS = { seed: 10_19, numRuns: 500 }
const digits = (max: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: max }).map((d) => d.join(''))
/** A decimal string as users, brokers, numeric columns and JSON write it: '-1234.5678', '.5', '7.', '1.5e-7'. */
const decimal = fc
  .tuple(
    fc.constantFrom('', '-', '+'),
    digits(22),
    fc.boolean(),
    digits(12),
    fc.option(fc.integer({ min: -30, max: 30 })),
  )
  .filter(([, int, dot, frac]) => int + frac !== '' && (dot || frac === ''))
  .map(
    ([sign, int, dot, frac, exp]) => `${sign}${int}${dot ? '.' : ''}${frac}${exp === null ? '' : `e${exp}`}`,
  )
const cents = fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n })

// big.js reads no leading '+'; otherwise the same decimal.
const big = (s: string) => new Big(s.replace(/^\+/, '') || '0')
const bigCents = (b: Big) => BigInt(b.round(2, Big.roundHalfUp).times(100).toFixed(0))

describe('money properties', () => {
  it('centsToString then toCents is the identity', () => {
    fc.assert(
      fc.property(cents, (c) => toCents(centsToString(c)) === c),
      RUNS,
    )
  })

  it('toCents agrees with big.js rounding half up (away from zero) at 2 places', () => {
    fc.assert(
      fc.property(decimal, (s) => toCents(s) === bigCents(big(s))),
      RUNS,
    )
  })

  it('rounding moves an amount by at most half a cent, and a tie away from zero', () => {
    fc.assert(
      fc.property(decimal, (s) => {
        const error = new Big(centsToString(toCents(s))).minus(big(s))
        assert.ok(error.abs().lte('0.005'), `${s} → ${toCents(s)}`)
        if (error.abs().eq('0.005')) assert.equal(error.gt(0), big(s).gt(0), `tie ${s}`)
      }),
      RUNS,
    )
  })

  it('sumCents is the exact sum rounded once, in any order and grouping', () => {
    fc.assert(
      fc.property(fc.array(decimal, { maxLength: 30 }), (xs) => {
        const total = sumCents(xs)
        assert.equal(total, bigCents(xs.reduce((t, x) => t.plus(big(x)), new Big(0))))
        assert.equal(sumCents([...xs].reverse()), total)
        const half = Math.floor(xs.length / 2)
        // At the cent scale, grouping changes nothing: cent amounts add exactly.
        const a = xs.slice(0, half).map((x) => toCents(x))
        const b = xs.slice(half).map((x) => toCents(x))
        assert.equal(sumCents([sumCents(a), sumCents(b)]), sumCents([...b, ...a]))
      }),
      { ...RUNS, numRuns: 200 },
    )
  })

  it('gainLoss is proceeds − cost − fees, exact, rounded once', () => {
    fc.assert(
      fc.property(decimal, decimal, fc.option(decimal), (p, c, f) => {
        const exact = big(p)
          .minus(big(c))
          .minus(f === null ? 0 : big(f))
        return gainLoss(p, c, f) === bigCents(exact)
      }),
      RUNS,
    )
  })

  it('roundDiv is the nearest integer, ties away from zero', () => {
    const nonZero = cents.filter((d) => d !== 0n)
    fc.assert(
      fc.property(cents, nonZero, (n, d) => {
        const q = roundDiv(n, d)
        const twiceError = 2n * (q * d - n) // (q − n/d) · 2d
        const ad = d < 0n ? -d : d
        assert.ok((twiceError < 0n ? -twiceError : twiceError) <= ad, `${n}/${d} → ${q}`)
        const tie = twiceError === ad || twiceError === -ad
        if (tie) assert.equal(q > 0n, n > 0n === d > 0n, `tie ${n}/${d}`)
      }),
      RUNS,
    )
  })

  it('decimalPlaces counts the significant decimals, as big.js normalises them', () => {
    fc.assert(
      fc.property(decimal, (s) => {
        const b = big(s)
        // big.js keeps the digits without trailing zeros (c) and the exponent of the first (e).
        return decimalPlaces(s) === (b.eq(0) ? 0 : Math.max(0, b.c.length - b.e - 1))
      }),
      RUNS,
    )
  })

  it('centsToNumber is the double nearest to cents / 100', () => {
    const safe = fc.bigInt({ min: -(2n ** 53n), max: 2n ** 53n })
    fc.assert(
      fc.property(safe, (c) => centsToNumber(c) === Number(c) / 100),
      RUNS,
    )
  })
})
