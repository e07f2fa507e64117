/**
 * A run's events in order (GET …/runs/{run_id}/events), asked again every second until the run is
 * completed, failed or cancelled: the timeline grows as the worker records each step.
 */
import { useQuery } from '@tanstack/react-query'
import { dateTime } from '../../../ui/format.ts'
import { QueryState } from '../../../ui/QueryState.tsx'
import { pollWhileRunning, type RunEvents } from './api.ts'
import { JsonView } from './JsonView.tsx'

type Event = RunEvents['items'][number]

/** One line for an event: the analyst's or section's summary, the decision, the failure. */
function headline(e: Event): string {
  const p = e.payload
  const text = (k: string) => (typeof p[k] === 'string' ? p[k] : undefined)
  const decision = p['decision'] as { action?: string; conviction?: number; rationale?: string } | undefined
  if (e.kind === 'decision' && decision)
    return `${String(decision.action).toUpperCase()} (conviction ${String(decision.conviction)}): ${decision.rationale ?? ''}`
  if (e.kind === 'analyst_opinion')
    return `${text('analyst') ?? ''}: ${text('stance') ?? text('status') ?? ''} — ${text('summary') ?? text('reason') ?? ''}`
  if (e.kind === 'section')
    return `${text('name') ?? ''}: ${text('status') ?? ''}${text('reason') ? ` (${text('reason')})` : ''}`
  return text('detail') ?? text('reason') ?? ''
}

export function RunTimeline({ runId, load }: { runId: string; load: (id: string) => Promise<RunEvents> }) {
  const events = useQuery({
    queryKey: ['intel', 'run-events', runId],
    queryFn: () => load(runId),
    refetchInterval: (q) => pollWhileRunning(q.state.data?.status),
  })
  return (
    <QueryState
      query={events}
      label="Loading the timeline"
      isEmpty={(d) => d.items.length === 0}
      empty="Queued: the first event appears when a worker picks the run up."
    >
      {(d) => (
        <ol className="intel-timeline" aria-label="Run timeline" aria-live="polite">
          {d.items.map((e) => (
            <li key={e.seq} data-kind={e.kind}>
              <div>
                <strong>{e.kind.replaceAll('_', ' ')}</strong>{' '}
                <span className="muted">{dateTime(e.created_at)}</span>
              </div>
              <p>{headline(e)}</p>
              {Object.keys(e.payload).length > 0 && (
                <details>
                  <summary>Details of event {e.seq}</summary>
                  <JsonView value={e.payload} />
                </details>
              )}
            </li>
          ))}
        </ol>
      )}
    </QueryState>
  )
}
