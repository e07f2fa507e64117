/**
 * The value series and TWR against a second, deliberately plain implementation on random
 * portfolios: every day recomputed from scratch by scanning all rows, with the decimal effect
 * functions (not the fast coefficients), no typed arrays, no carried state.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { tradingDaysBetween } from '../../../../kernel/calendar/nyse.ts'
import { toCents } from '../../../../kernel/decimal/cents.ts'
import { cashEffect, shareEffect } from '../../activities/lib/effects.ts'
import type { ActivityType } from '../../portfolio.tables.ts'
import type { FlowIn } from './flows.ts'
import { valueSeries, type AccountIn, type ActivityLine, type SeriesInput } from './series.ts'

function rng(seed: number) {
  let s = seed >>> 0
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32
}

const SYMBOLS = { AAA: 'USD', BBB: 'USD', CCC: 'EUR' } as Record<string, string>
const TYPES: ActivityType[] = [
  'BUY',
  'SELL',
  'DIVIDEND',
  'DEPOSIT',
  'WITHDRAWAL',
  'FEE',
  'SPLIT',
  'TRANSFER_IN',
]

function randomInput(seed: number): SeriesInput {
  const r = rng(seed)
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)]!
  const days = tradingDaysBetween('2025-01-02', '2025-04-30')
  const money = () => (Math.round(r() * 500_000) / 100).toFixed(2)
  const closes = new Map(
    Object.keys(SYMBOLS).map((s, k) => {
      let p = 50 + 50 * r()
      const start = k === 2 ? 5 : 0 // CCC has no close on its first days
      return [
        s,
        Float64Array.from(days.map((_, i) => (i < start ? Number.NaN : (p *= 1 + (r() - 0.5) / 20)))),
      ]
    }),
  )
  const eur = days.map((_, i) => (i % 17 === 16 ? Number.NaN : 1 + r() / 5))
  const rates = new Map([
    ['USD', Float64Array.from(days.map(() => 1))],
    ['EUR', Float64Array.from(eur)],
  ])
  const accounts: AccountIn[] = [0, 1, 2].map((id) => {
    const activities: ActivityLine[] = Array.from({ length: 40 }, () => {
      const type = pick(TYPES)
      const symbol = ['DEPOSIT', 'WITHDRAWAL', 'FEE'].includes(type) ? null : pick(Object.keys(SYMBOLS))
      const quantity =
        symbol === null ? null : type === 'SPLIT' ? pick(['2', '3', '0.5']) : String(1 + Math.floor(r() * 20))
      const date = pick(days.slice(3))
      return {
        date,
        type,
        symbol,
        quantity,
        amount: money(),
        fee: pick(['0', '1.25', '0.3333']),
        currency: pick(['USD', 'EUR']),
      }
    }).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    const snapDays = id === 1 ? [] : [days[40]!, days[60]!, days[75]!]
    const snapshots = snapDays.flatMap((date) =>
      Object.keys(SYMBOLS)
        .filter(() => r() < 0.8)
        .map((symbol) => ({ date, symbol, quantity: Math.floor(r() * 100) })),
    )
    const cashAnchors =
      id === 0 ? [{ date: days[50]!, currency: 'USD', cents: BigInt(Math.round(r() * 1e7)) }] : []
    return {
      id,
      readBack: id !== 2,
      archivedOn: id === 2 ? days[70]! : null,
      historyStart: days[2]!,
      snapshots,
      activities,
      cashAnchors,
    }
  })
  const flows: FlowIn[] = Array.from({ length: 30 }, () => ({
    account_id: pick([0, 1, 2, null]),
    date: pick(days),
    currency: pick(['USD', 'EUR']),
    amount: (r() < 0.3 ? '-' : '') + money(),
  }))
  const rateOn = (c: string, d: string) => {
    if (c === 'USD') return 1
    const x = eur[days.indexOf(d)]
    return x === undefined || Number.isNaN(x) ? null : x
  }
  return {
    days,
    accounts,
    flows,
    market: { closes, currencyOf: new Map(Object.entries(SYMBOLS)), rates },
    rateOn,
  }
}

const half = (x: number) => (x < 0 ? -Math.round(-x) : Math.round(x))

/** Shares of `symbol` held by `a` on `day`, recomputed from all rows. */
function sharesOn(a: AccountIn, symbol: string, day: string): number {
  const first = a.snapshots.map((s) => s.date).sort()[0]
  if (!a.readBack || (first !== undefined && day >= first)) {
    const rows = a.snapshots.filter((s) => s.symbol === symbol && s.date <= day)
    return rows.length ? rows.sort((x, y) => (x.date < y.date ? -1 : 1)).at(-1)!.quantity : 0
  }
  if (a.historyStart !== null && day < a.historyStart) return 0
  const moves = a.activities
    .map((x) => ({ date: x.date, e: shareEffect(x) }))
    .filter((m) => m.e?.symbol === symbol)
  let q = 0
  if (first !== undefined) {
    q = a.snapshots.find((s) => s.date === first && s.symbol === symbol)?.quantity ?? 0
    for (const m of moves.filter((m) => m.date > day && m.date <= first).reverse())
      q = m.e!.kind === 'add' ? q - Number(m.e!.quantity) : q / Number(m.e!.ratio)
  } else {
    for (const m of moves.filter((m) => m.date <= day))
      q = m.e!.kind === 'add' ? q + Number(m.e!.quantity) : q * Number(m.e!.ratio)
  }
  return Math.round(q * 1e8) / 1e8
}

/** Cash of `a` in `currency` on `day`, in cents. */
function cashOn(a: AccountIn, currency: string, day: string): number {
  if (a.historyStart !== null && day < a.historyStart) return 0
  const effects = a.activities
    .filter((x) => x.currency === currency)
    .map((x) => ({ date: x.date, c: Number(toCents(cashEffect(x))) }))
  const sum = (lo: string, hi: string) =>
    effects.filter((e) => e.date > lo && e.date <= hi).reduce((s, e) => s + e.c, 0)
  const anchors = a.cashAnchors
    .filter((x) => x.currency === currency)
    .sort((x, y) => (x.date < y.date ? -1 : 1))
  const before = anchors.filter((x) => x.date <= day).at(-1)
  if (before) return Number(before.cents) + sum(before.date, day)
  if (anchors[0]) return Number(anchors[0].cents) - sum(day, anchors[0].date)
  return sum('0000-00-00', day)
}

function reference(input: SeriesInput): { value: number[]; flows: number[]; index: number[] } {
  const { days, market } = input
  const perAccount = input.accounts.map((a) =>
    days.map((day, i) => {
      if (a.archivedOn !== null && day >= a.archivedOn) return 0
      let v = 0
      for (const cur of ['USD', 'EUR', 'GBP']) {
        const r = market.rates.get(cur)?.[i]
        const c = cashOn(a, cur, day)
        if (c !== 0 && r !== undefined && !Number.isNaN(r)) v += c * r
      }
      for (const s of Object.keys(SYMBOLS)) {
        const q = sharesOn(a, s, day)
        const px = market.closes.get(s)![i]!
        const r = market.rates.get(SYMBOLS[s]!)![i]!
        if (q !== 0 && !Number.isNaN(px) && !Number.isNaN(r)) v += q * px * 100 * r
      }
      return half(v)
    }),
  )
  const value = days.map((_, i) => perAccount.reduce((s, acc) => s + acc[i]!, 0))
  const flows = days.map(() => 0)
  for (const f of input.flows) {
    const k = days.findIndex((d) => d >= f.date)
    const archived = input.accounts.find((a) => a.id === f.account_id)?.archivedOn
    if (k < 1 || (archived && f.date >= archived)) continue
    const rate = input.rateOn(f.currency, f.date)
    if (rate !== null) flows[k]! += half(Number(f.amount) * 100 * rate)
  }
  input.accounts.forEach((a, j) => {
    const k = a.archivedOn === null ? -1 : days.findIndex((d) => d >= a.archivedOn!)
    if (k >= 1) flows[k]! -= perAccount[j]![k - 1]!
  })
  const index = [1]
  for (let t = 1; t < days.length; t++) {
    const invested = value[t - 1]! + flows[t]!
    index.push(index[t - 1]! * (invested > 0 ? value[t]! / invested : 1))
  }
  return { value, flows, index }
}

describe('the value series against a plain reimplementation', () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`random portfolio #${seed}: values, flows and TWR index agree`, () => {
      const input = randomInput(seed)
      const out = valueSeries(input)
      const ref = reference(input)
      out.total.value.forEach((v, i) =>
        assert.ok(Math.abs(v - ref.value[i]!) <= 1, `value ${input.days[i]}: ${v} ≠ ${ref.value[i]}`),
      )
      out.total.flows.forEach((f, i) =>
        assert.ok(Math.abs(f - ref.flows[i]!) <= 1, `flow ${input.days[i]}: ${f} ≠ ${ref.flows[i]}`),
      )
      out.total.index.forEach((x, i) =>
        assert.ok(Math.abs(x - ref.index[i]!) <= 1e-6 * Math.abs(ref.index[i]!), `index ${i}`),
      )
      assert.ok(
        out.missingPrices.list().some((g) => g.key === 'CCC'),
        'CCC lacks its first closes',
      )
    })
  }
})
