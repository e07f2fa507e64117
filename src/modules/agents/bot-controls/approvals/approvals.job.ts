/**
 * The approval queue's jobs: `bot-controls.expire-approvals` (every minute: lapsed approvals expire
 * with their orders, budgets given back) and `bot-controls.notify-approval` (queued by `hold`: the
 * agent's creator is asked to decide, once per approval).
 */
import { job, type ModuleJob } from '../../../module.ts'
import { JOB_EXPIRE_APPROVALS, JOB_NOTIFY_APPROVAL, type ApprovalsService } from './approvals.service.ts'

export const approvalJobs = (approvals: ApprovalsService): ModuleJob[] => [
  job(JOB_EXPIRE_APPROVALS, async () => void (await approvals.expireDue()), { cron: '* * * * *' }),
  job<{ tenantId: number; approvalId: number }>(JOB_NOTIFY_APPROVAL, (p) => approvals.notifyHeld(p)),
]
