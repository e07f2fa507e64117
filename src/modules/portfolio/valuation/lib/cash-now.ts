/**
 * Each account's cash on a day, per currency: the broker-reported balances of that currency
 * (anchors) and the cash effects of the account's activities in that currency, through `cashOnDays`
 * (rolled forward after the latest balance, back before the first). Accounts and currencies with no
 * balance and no cash activity have no cash row; a row whose cash is 0 is kept only when a broker
 * reported that currency.
 */
import { toCents } from '../../../../kernel/decimal/cents.ts'
import { cashOnDays, type CashAnchor, type CashEffect } from '../../activities/lib/cash.ts'
import { cashEffect, type ActivityAmounts } from '../../activities/lib/effects.ts'

export interface CashInputs {
  anchors: readonly { account_id: number; as_of: string; currency: string; balance: string }[]
  activities: readonly (ActivityAmounts & { account_id: number; activity_date: string; currency: string })[]
}

export interface CashNow {
  account_id: number
  currency: string
  cents: bigint
}

export function cashOn(inputs: CashInputs, day: string): CashNow[] {
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
  for (const a of inputs.anchors)
    group(a.account_id, a.currency).anchors.push({ date: a.as_of, cents: toCents(a.balance) })
  for (const a of inputs.activities) {
    const cents = toCents(cashEffect(a))
    if (cents !== 0n) group(a.account_id, a.currency).effects.push({ date: a.activity_date, cents })
  }
  return [...groups.values()]
    .map((g) => ({
      account_id: g.account_id,
      currency: g.currency,
      cents: cashOnDays(g.anchors, g.effects, [day])[0]!,
      reported: g.anchors.length > 0,
    }))
    .filter((c) => c.cents !== 0n || c.reported)
    .map(({ account_id, currency, cents }) => ({ account_id, currency, cents }))
    .sort(
      (a, b) =>
        a.account_id - b.account_id || (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0),
    )
}
