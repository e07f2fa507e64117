/**
 * An edited activity's capital flow follows it: amount, date and currency from the activity, the
 * investor it is attributed to kept; made when the activity starts to move capital (a type changed
 * to DEPOSIT, WITHDRAWAL or TRANSFER), deleted when it stops.
 */
import type { TenantScope } from '../../../platform/db/index.ts'
import { decSign } from '../../../kernel/decimal/decimal-string.ts'
import { deleteFlow, flowOfActivity, insertActivityFlows, updateFlow } from '../capital/capital.repository.ts'
import { ensureOwner } from '../capital/capital.service.ts'
import type { ActivityRow } from './activities.repository.ts'
import { stored } from './activity-rows.service.ts'
import { flowAmount } from './lib/effects.ts'

/** The flow id after the change, or null when the activity makes none. */
export async function syncFlow(
  s: TenantScope,
  a: ActivityRow,
  userId: number | null,
): Promise<number | null> {
  const existing = await flowOfActivity(s, a.id)
  const amount = flowAmount(stored(a))
  const moving = amount !== null && decSign(amount) !== 0
  if (existing && !moving) {
    await deleteFlow(s, existing.id)
    return null
  }
  if (existing) {
    await updateFlow(s, existing.id, { amount: amount!, flow_date: a.activity_date, currency: a.currency })
    return existing.id
  }
  if (!moving) return null
  const [flow] = await insertActivityFlows(s, [
    {
      investor_id: await ensureOwner(s, userId),
      account_id: a.account_id,
      activity_id: a.id,
      flow_date: a.activity_date,
      amount: amount,
      currency: a.currency,
      note: a.note ?? a.type.toLowerCase().replace('_', ' '),
    },
  ])
  return flow?.id ?? null
}
