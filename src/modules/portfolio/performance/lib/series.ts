/**
 * The value series of a portfolio: for each series day, Σ over its accounts of the value of the
 * shares they held (shares.ts) and their cash, in the base currency (value.ts); the capital flows
 * of the days (flows.ts), with an archived account's value leaving as an outflow on its archive
 * day; and the time-weighted index of the total (returns.ts). One pass per account over typed
 * arrays; no I/O.
 */
import { cashOnDays, type CashAnchor } from '../../activities/lib/cash.ts'
import type { ActivityAmounts } from '../../activities/lib/effects.ts'
import { cashCents, shareMove, type ShareMove } from './effects-fast.ts'
import { archiveOutflow, flowsOnDays, type FlowIn } from './flows.ts'
import { twrChain, type Chain } from './returns.ts'
import { sharesOnDays, type SnapshotIn } from './shares.ts'
import { accountValues, Gaps, type MarketSeries } from './value.ts'

export interface ActivityLine extends ActivityAmounts {
  date: string
  currency: string
}

export interface AccountIn {
  id: number
  /** Broker accounts: days before the first snapshot are read back from the activities. */
  readBack: boolean
  archivedOn: string | null
  /** The opening balance's date, else the first activity's, else the first snapshot's. */
  historyStart: string | null
  /** Sorted by date. */
  snapshots: readonly SnapshotIn[]
  /** Sorted by date. */
  activities: readonly ActivityLine[]
  cashAnchors: readonly (CashAnchor & { currency: string })[]
}

export interface SeriesInput {
  days: readonly string[]
  accounts: readonly AccountIn[]
  /** The flows in scope (an account filter leaves out the flows of no account). */
  flows: readonly FlowIn[]
  market: MarketSeries
  /** Base-currency units per unit of `currency` on a calendar day, or null. */
  rateOn: (currency: string, date: string) => number | null
}

export interface Line {
  value: Float64Array
  cash: Float64Array
  flows: Float64Array
}

export interface SeriesOutput {
  total: Line & Chain
  accounts: (Line & { id: number })[]
  missingPrices: Gaps
  missingRates: Gaps
}

/** Cash in cents per currency on each day; 0 before the history start and the first reported balance. */
function cashByCurrency(days: readonly string[], a: AccountIn): Map<string, Float64Array> {
  // Summed per currency and day first (the activities come in date order): one effect a day.
  const daily = new Map<string, { date: string; cents: number }[]>()
  for (const x of a.activities) {
    const c = cashCents(x)
    if (c === 0) continue
    const list = daily.get(x.currency)
    const last = list?.at(-1)
    if (last?.date === x.date) last.cents += c
    else if (list) list.push({ date: x.date, cents: c })
    else daily.set(x.currency, [{ date: x.date, cents: c }])
  }
  const effects = new Map(
    [...daily].map(([currency, list]) => [
      currency,
      list.map((e) => ({ date: e.date, cents: BigInt(e.cents) })),
    ]),
  )
  const anchors = new Map<string, CashAnchor[]>()
  for (const x of a.cashAnchors) {
    const list = anchors.get(x.currency)
    if (list) list.push(x)
    else anchors.set(x.currency, [x])
  }
  const out = new Map<string, Float64Array>()
  for (const currency of new Set([...effects.keys(), ...anchors.keys()])) {
    const reported = anchors.get(currency) ?? []
    const cents = cashOnDays(reported, effects.get(currency) ?? [], days)
    // A reported balance is known history even before the history start.
    const first = reported.reduce<string | null>((m, x) => (m === null || x.date < m ? x.date : m), null)
    const cut = a.historyStart !== null && (first === null || a.historyStart < first) ? a.historyStart : first
    const arr = new Float64Array(days.length)
    for (let i = 0; i < days.length; i++) arr[i] = cut !== null && days[i]! < cut ? 0 : Number(cents[i]!)
    out.set(currency, arr)
  }
  return out
}

function shareMoves(a: AccountIn): ShareMove[] {
  if (!a.readBack) return []
  const out: ShareMove[] = []
  for (const x of a.activities) {
    const m = shareMove(x)
    if (m) out.push(m)
  }
  return out
}

export function valueSeries(input: SeriesInput): SeriesOutput {
  const { days, market } = input
  const n = days.length
  const missingPrices = new Gaps()
  const missingRates = new Gaps()
  const archived = new Map(input.accounts.map((a) => [a.id, a.archivedOn]))
  const flows = flowsOnDays(days, input.flows, archived, input.rateOn, missingRates)
  const total: Line = { value: new Float64Array(n), cash: new Float64Array(n), flows: flows.total }
  const accounts: SeriesOutput['accounts'] = []
  for (const a of input.accounts) {
    const shares = sharesOnDays(days, a.snapshots, shareMoves(a), a.readBack, a.historyStart)
    const own = accountValues(
      days,
      { id: a.id, archivedOn: a.archivedOn, shares, cash: cashByCurrency(days, a) },
      market,
      { prices: missingPrices, rates: missingRates },
    )
    const ownFlows = flows.byAccount.get(a.id) ?? new Float64Array(n)
    const leaving = archiveOutflow(days, a.archivedOn, own.value)
    if (leaving) {
      ownFlows[leaving.index]! += leaving.cents
      total.flows[leaving.index]! += leaving.cents
    }
    for (let i = 0; i < n; i++) {
      total.value[i]! += own.value[i]!
      total.cash[i]! += own.cash[i]!
    }
    accounts.push({ id: a.id, ...own, flows: ownFlows })
  }
  return { total: { ...total, ...twrChain(total.value, total.flows) }, accounts, missingPrices, missingRates }
}
