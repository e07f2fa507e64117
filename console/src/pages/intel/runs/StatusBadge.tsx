import type { Status } from './api.ts'

/** A run's status as a word (its colour only repeats it). */
export function StatusBadge({ status }: { status: Status }) {
  const tone = status === 'completed' ? 'up' : status === 'failed' ? 'down' : 'muted'
  return (
    <span className={`intel-status ${tone}`} data-status={status}>
      {status}
    </span>
  )
}
