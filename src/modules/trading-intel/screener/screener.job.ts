/** The scheduled snapshot rebuild: after each regular session's close and during the session. */
import type { Logger } from 'pino'
import type { SnapshotService } from './snapshot.service.ts'

export const JOB_SCREENER_REFRESH = 'screener.refresh'
/** Every 15 minutes of the regular session's hours and once after the close (New York time), weekdays. */
export const SCREENER_REFRESH_CRON = '*/15 9-16 * * 1-5'

export async function refreshSnapshot(snapshots: SnapshotService, log: Logger): Promise<void> {
  const built = await snapshots.rebuild()
  await snapshots.settled()
  log.info(
    { as_of: built.snapshot.as_of, symbols: built.snapshot.symbols.length },
    'screener: snapshot rebuilt',
  )
}
