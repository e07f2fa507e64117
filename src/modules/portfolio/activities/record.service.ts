/**
 * Writes activities into an account's ledger, whoever sends them (a person, a CSV import, a broker
 * sync), in the caller's transaction: rows already known by their `(source, source_id)` are
 * skipped, and each deposit, withdrawal or transfer written becomes a capital flow of the tenant's
 * owner investor (re-attributable afterwards), so net capital, NAV and units follow the money.
 */
import type { TenantScope } from '../../../platform/db/index.ts'
import { ensureOwner } from '../capital/capital.service.ts'
import { insertActivityFlows } from '../capital/capital.repository.ts'
import { insertActivities, type ActivityInput, type ActivityRow } from './activities.repository.ts'
import { flowAmount } from './lib/effects.ts'

export interface Recorded {
  activities: ActivityRow[]
  flows: number
}

export async function recordActivities(
  s: TenantScope,
  accountId: number,
  rows: readonly ActivityInput[],
  userId: number | null,
): Promise<Recorded> {
  const activities = await insertActivities(s, accountId, rows)
  const moving = activities.filter((a) => {
    const f = flowAmount(a)
    return f !== null && /[1-9]/.test(f)
  })
  if (moving.length === 0) return { activities, flows: 0 }
  const investorId = await ensureOwner(s, userId)
  const flows = await insertActivityFlows(
    s,
    moving.map((a) => ({
      investor_id: investorId,
      account_id: accountId,
      activity_id: a.id,
      flow_date: a.activity_date,
      amount: flowAmount(a)!,
      currency: a.currency,
      note: a.note ?? a.type.toLowerCase().replace('_', ' '),
    })),
  )
  return { activities, flows: flows.length }
}
