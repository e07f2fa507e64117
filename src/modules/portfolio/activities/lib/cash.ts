/**
 * An account's cash on a day, in one currency, from what is known of it:
 *
 * - balances a broker reported (`anchors`, one per day at most), and
 * - the cash effect of every activity (`effects`, signed, see effects.ts).
 *
 * On a day with a reported balance, that balance. After the latest reported balance on or before
 * the day: that balance plus the effects dated after it, up to the day. Before the first reported
 * balance: that balance less the effects dated after the day, up to it (the history read back from
 * the activities). With no reported balance at all (manual accounts): the sum of the effects up to
 * the day. Amounts are integer cents.
 */
export interface CashAnchor {
  date: string
  cents: bigint
}
export interface CashEffect {
  date: string
  cents: bigint
}

/**
 * The cash on each of `days` (ascending). Anchors and effects may come in any order. One pass
 * over the sorted inputs: O(days + anchors + effects).
 */
export function cashOnDays(
  anchors: readonly CashAnchor[],
  effects: readonly CashEffect[],
  days: readonly string[],
): bigint[] {
  const a = [...anchors].sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0))
  const e = [...effects].sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0))
  // Running sum of effects dated ≤ a date, read at each needed date by merging.
  const out: bigint[] = []
  let ei = 0
  let sumTo = 0n // Σ effects dated ≤ the current day
  let ai = -1 // index of the latest anchor ≤ day
  let sumAtAnchor = 0n // Σ effects dated ≤ that anchor's date
  const sumUpTo = prefixAt(e)
  const first = a[0]
  const sumAtFirst = first ? sumUpTo(first.date) : 0n
  for (const day of days) {
    while (ei < e.length && e[ei]!.date <= day) sumTo += e[ei++]!.cents
    while (ai + 1 < a.length && a[ai + 1]!.date <= day) {
      ai++
      sumAtAnchor = sumUpTo(a[ai]!.date)
    }
    if (!first) out.push(sumTo)
    else if (ai >= 0) out.push(a[ai]!.cents + sumTo - sumAtAnchor)
    else out.push(first.cents - (sumAtFirst - sumTo))
  }
  return out
}

/** Σ of the (sorted) effects dated on or before a date, by binary search over prefix sums. */
function prefixAt(sorted: readonly CashEffect[]): (date: string) => bigint {
  const prefix: bigint[] = [0n]
  for (const x of sorted) prefix.push(prefix.at(-1)! + x.cents)
  return (date) => {
    let lo = 0
    let hi = sorted.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (sorted[mid]!.date <= date) lo = mid + 1
      else hi = mid
    }
    return prefix[lo]!
  }
}

/** One account's cash in one currency on a day; `reported` when a broker ever reported that balance. */
export interface AccountCash {
  account_id: number
  currency: string
  cents: bigint
  reported: boolean
}

/** A reported balance or a cash effect of one account in one currency. */
export interface AccountAmount {
  account_id: number
  currency: string
  date: string
  cents: bigint
}

/**
 * Every account's cash on `day`, per currency, from reported balances and signed cash effects of any
 * number of accounts: one row per (account, currency) that has either, by account then currency.
 */
export function accountsCashOn(
  anchors: readonly AccountAmount[],
  effects: readonly AccountAmount[],
  day: string,
): AccountCash[] {
  const groups = new Map<
    string,
    { account_id: number; currency: string; anchors: CashAnchor[]; effects: CashEffect[] }
  >()
  const group = (account_id: number, currency: string) => {
    const key = `${account_id}\u0000${currency}`
    let g = groups.get(key)
    if (!g) groups.set(key, (g = { account_id, currency, anchors: [], effects: [] }))
    return g
  }
  for (const a of anchors) group(a.account_id, a.currency).anchors.push({ date: a.date, cents: a.cents })
  for (const e of effects) group(e.account_id, e.currency).effects.push({ date: e.date, cents: e.cents })
  return [...groups.values()]
    .map((g) => ({
      account_id: g.account_id,
      currency: g.currency,
      cents: cashOnDays(g.anchors, g.effects, [day])[0]!,
      reported: g.anchors.length > 0,
    }))
    .sort(
      (a, b) =>
        a.account_id - b.account_id || (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0),
    )
}
