/**
 * The run state machine of a run log (committee and research runs; pure, unit-tested):
 *   queued → running → completed | failed;  queued | running → cancelled (cancel);
 *   failed | cancelled → (retry) a NEW queued run with the same input and retry_of = the old id.
 * Terminal: completed, failed, cancelled. Events: `started`, then the run's steps (committee:
 * `analyst_opinion` × n, `model_fallback`; research: `section` × n), then exactly one terminal
 * event: `decision`/`completed`, `failed` or `cancelled`.
 */
export const RUN_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const
export type RunStatus = (typeof RUN_STATUSES)[number]

export const TERMINAL: readonly RunStatus[] = ['completed', 'failed', 'cancelled']

export const isTerminal = (s: string): boolean => (TERMINAL as readonly string[]).includes(s)
export const canCancel = (s: string): boolean => s === 'queued' || s === 'running'
export const canRetry = (s: string): boolean => s === 'failed' || s === 'cancelled'
/** A job works a run only from queued (a redelivered job finds it terminal: no-op; running: interrupted, run-log.ts). */
export const canStart = (s: string): boolean => s === 'queued'
/** Steps are recorded only while running; a cancel in between stops the job at its next step. */
export const canStep = (s: string): boolean => s === 'running'
