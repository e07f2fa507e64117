/**
 * A conversation's turns as stored, and the turn being streamed. An assistant answer shows its
 * sources (the help articles it drew on), how it ended when it did not end normally, and whether the
 * safety filter withheld part of it; a question the assistant declined shows why. A stored answer
 * still being written (its text is stored when it ends) shows "Writing…" as a polite live status.
 */
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import type { Message } from './api.ts'
import type { SourceRef } from './sse.ts'
import type { LiveTurn } from './useTurn.ts'

const ENDINGS: Record<string, string> = {
  length: 'The answer reached its length limit.',
  interrupted: 'The answer was stopped before it finished.',
  error: 'The answer broke off: the assistant failed part way.',
}

export function Sources({ sources }: { sources: SourceRef[] }) {
  if (sources.length === 0) return null
  return (
    <div className="support-sources">
      <span className="muted">Sources: </span>
      <ul>
        {sources.map((s) => (
          <li key={s.slug}>
            <Link to={`/support/help/${encodeURIComponent(s.slug)}`} data-slug={s.slug}>
              {s.title}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}

function Bubble({ role, children, id }: { role: 'user' | 'assistant'; children: ReactNode; id?: number }) {
  return (
    <li className={`support-msg support-msg-${role}`} data-role={role} data-message={id}>
      <span className="visually-hidden">{role === 'user' ? 'You:' : 'Assistant:'}</span>
      {children}
    </li>
  )
}

export function StoredMessage({ m, footer }: { m: Message; footer?: ReactNode }) {
  if (m.role === 'user')
    return (
      <Bubble role="user" id={m.message_id}>
        <p className="support-text">{m.content}</p>
        {m.intent && !m.intent.allowed && (
          <p className="support-declined muted">Not answered: {m.intent.reason}</p>
        )}
      </Bubble>
    )
  if (m.in_progress)
    return (
      <Bubble role="assistant" id={m.message_id}>
        <p
          className="support-text support-writing muted"
          role="status"
          aria-busy="true"
          data-in-progress="true"
        >
          Writing…
        </p>
      </Bubble>
    )
  return (
    <Bubble role="assistant" id={m.message_id}>
      <p className="support-text">{m.content}</p>
      {m.filtered && <p className="muted">The safety filter withheld part of this answer.</p>}
      {m.finish && ENDINGS[m.finish] && <p className="muted">{ENDINGS[m.finish]}</p>}
      <Sources sources={m.sources} />
      {footer}
    </Bubble>
  )
}

export function LiveMessages({ turn }: { turn: LiveTurn }) {
  if (turn.outcome) return null
  const streaming = turn.state === 'sending' || turn.state === 'streaming'
  return (
    <>
      <Bubble role="user">
        <p className="support-text">{turn.question}</p>
      </Bubble>
      {(turn.state !== 'error' || turn.text) && (
        <Bubble role="assistant">
          {turn.tools.length > 0 && <p className="muted support-tools">Looked up: {turn.tools.join(', ')}</p>}
          <p className="support-text support-live" aria-busy={streaming} data-state={turn.state}>
            {turn.text || (streaming ? 'Thinking…' : '')}
          </p>
          {turn.state === 'stopped' && <p className="muted">{ENDINGS['interrupted']}</p>}
          {turn.filtered && <p className="muted">The safety filter withheld part of this answer.</p>}
          <Sources sources={turn.sources} />
        </Bubble>
      )}
      {turn.state === 'error' && <ProblemAlert error={turn.error} />}
    </>
  )
}
