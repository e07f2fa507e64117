/** The approval queue's view of an approval: its order as the order log shows it, decimals in their shortest form. */
import { decAdd } from '../../../../../kernel/decimal/index.ts'
import { toView } from '../../gate/order-view.service.ts'
import type { ApprovalItem } from '../approvals.repository.ts'
import type { ApprovalOut } from '../approvals.schemas.ts'

const iso = (d: Date | string) => new Date(d).toISOString()
/** `10.500000000` → `10.5`. */
export const dec = (v: string | number) => decAdd(String(v), '0')
const decOrNull = (v: string | number | null) => (v === null ? null : dec(v))

export function approvalView({ approval: a, order, agentName }: ApprovalItem): ApprovalOut {
  return {
    approval_id: a.id,
    status: a.status,
    order: toView({ ...order, approval_id: a.id }),
    agent_name: agentName,
    band_low: decOrNull(a.band_low),
    band_high: decOrNull(a.band_high),
    expires_at: iso(a.expires_at),
    decided_by: a.decided_by,
    decided_at: a.decided_at ? iso(a.decided_at) : null,
    decision_note: a.decision_note,
    created_at: iso(a.created_at),
  }
}
