/**
 * What a broker sync writes into an account's money story, in its transaction: the vendor's
 * activities (through the one activity writer), the broker's cash of the day, and once, on the
 * first sync, the account's value at the start of the history it read as an opening-balance
 * capital flow of the owner investor (the connection's first contribution).
 */
import type { TenantScope } from '../../../platform/db/index.ts'
import { findAccount } from '../accounts/accounts.repository.ts'
import { ensureOwner } from '../capital/capital.service.ts'
import type { ActivitySource } from '../portfolio.tables.ts'
import { replaceCash } from './activities.repository.ts'
import { hasOpeningFlow, insertOpeningFlow, latestActivityDate } from './broker-ledger.repository.ts'
import { recordActivities } from './record.service.ts'

export { cashEffect, shareEffect } from './lib/effects.ts'
export { hasOpeningFlow, latestActivityDate, recordActivities, replaceCash }
export type { ActivityInput } from './activities.repository.ts'
export type { ActivitySource }

/**
 * Writes the opening-balance flow dated `date` unless the account has one (a later sync never writes
 * another) or `amount` is zero (a history complete from the account's opening). Answers whether it wrote.
 */
export async function recordOpeningBalance(
  s: TenantScope,
  accountId: number,
  o: { date: string; amount: string; currency: string },
  userId: number | null,
): Promise<boolean> {
  if (!/[1-9]/.test(o.amount) || (await hasOpeningFlow(s, accountId))) return false
  const investorId = await ensureOwner(s, userId)
  await insertOpeningFlow(s, {
    investor_id: investorId,
    account_id: accountId,
    flow_date: o.date,
    amount: o.amount,
    currency: o.currency,
  })
  return true
}

/** The account's currency (its activities' when the broker names none). */
export async function accountCurrency(s: TenantScope, accountId: number): Promise<string> {
  return (await findAccount(s, accountId))?.currency ?? 'USD'
}
