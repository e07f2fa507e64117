/** The daily prune of idle push targets (`push.prune`, 03:40 UTC). */
import { job } from '../../module.ts'
import type { PushDeliveryService } from './delivery.service.ts'

export const JOB_PUSH_PRUNE = 'push.prune'
export const PUSH_PRUNE_CRON = '40 3 * * *'

export const pushJobs = (delivery: Pick<PushDeliveryService, 'prune'>) => [
  job(JOB_PUSH_PRUNE, async () => void (await delivery.prune()), { cron: PUSH_PRUNE_CRON, tz: 'UTC' }),
]
