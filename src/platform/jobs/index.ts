/** Picks the job queue adapter from configuration. */
import type { Clock } from '../clock.ts'
import type { Config } from '../config.ts'
import type { DatabaseHandle } from '../db/index.ts'
import { InProcessQueue } from './inprocess-queue.ts'
import type { JobLogger, JobQueue } from './jobs.port.ts'
import { PgBossQueue } from './pgboss-queue.ts'

export type {
  FailedJob,
  JobContext,
  JobDefaults,
  JobHandler,
  JobLogger,
  JobOptions,
  JobQueue,
} from './jobs.port.ts'
export { InProcessQueue, type InProcessQueueOptions } from './inprocess-queue.ts'
export { PgBossQueue, type PgBossQueueOptions } from './pgboss-queue.ts'

export function createJobQueue(
  config: Config,
  handle: DatabaseHandle,
  log: JobLogger,
  clock: Clock,
): JobQueue {
  if (config.JOB_QUEUE === 'durable') return new PgBossQueue(handle, { log })
  return new InProcessQueue({ log, clock })
}
