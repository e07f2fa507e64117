/**
 * Each account's cash on a day, per currency: the broker-reported balances of that currency
 * (anchors) and the cash effects of the account's activities in that currency, through `accountsCashOn`
 * (rolled forward after the latest balance, back before the first). Accounts and currencies with no
 * balance and no cash activity have no cash row; a row whose cash is 0 is kept only when a broker
 * reported that currency.
 */
import { toCents } from '../../../../kernel/decimal/cents.ts'
import { accountsCashOn } from '../../activities/lib/cash.ts'
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
  const anchors = inputs.anchors.map((a) => ({ ...a, date: a.as_of, cents: toCents(a.balance) }))
  const effects = inputs.activities
    .map((a) => ({
      account_id: a.account_id,
      currency: a.currency,
      date: a.activity_date,
      cents: toCents(cashEffect(a)),
    }))
    .filter((e) => e.cents !== 0n)
  return accountsCashOn(anchors, effects, day)
    .filter((c) => c.cents !== 0n || c.reported)
    .map(({ account_id, currency, cents }) => ({ account_id, currency, cents }))
}
