/**
 * One conversation: its stored turns, the turn being streamed (with a stop button), feedback under
 * each answer, the notices of a turn that was not answered, and escalation to a person. An escalated
 * conversation is read-only and links to the case form. Either can be deleted (after a confirmation).
 * While a stored answer is still being written (streamed in another tab, or being stored after a
 * stop), the conversation is read again every 2 s until none is.
 */
import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { dateTime } from '../../ui/format.ts'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { type Conversation, conversationKey, escalate, fetchConversation, pollWhileWriting } from './api.ts'
import { DeleteConversation } from './DeleteConversation.tsx'
import { Feedback } from './Feedback.tsx'
import { LiveMessages, StoredMessage } from './Messages.tsx'
import type { TurnOutcome } from './sse.ts'
import { useTurn } from './useTurn.ts'

/** A console route for an address the API gives as /app/…; other addresses stay as they are. */
export const consolePath = (url: string) => (url.startsWith('/app/') ? url.slice('/app'.length) : url)

const TITLES: Record<TurnOutcome['outcome'], string> = {
  refused: 'The assistant did not answer this',
  master_flag_off: 'The assistant is switched off',
  quota_exhausted: 'Daily message limit reached',
  cost_cap_reached: 'Daily usage limit reached',
  runtime_not_wired: 'No answer could be streamed',
}

function OutcomeNotice({ outcome, onDismiss }: { outcome: TurnOutcome; onDismiss: () => void }) {
  return (
    <div className="notice support-outcome" role="alert" data-outcome={outcome.outcome}>
      <strong>{TITLES[outcome.outcome]}.</strong> <span>{outcome.message}</span>
      {outcome.quota && (
        <span>
          {' '}
          ({outcome.quota.used} of {outcome.quota.limit} used; resets {dateTime(outcome.quota.resets_at)})
        </span>
      )}{' '}
      {outcome.outcome !== 'refused' && <Link to="/support/cases/new">Open a support case</Link>}{' '}
      <button type="button" className="ghost" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  )
}

function Escalated({ c }: { c: Conversation }) {
  const url = c.escalation?.ticket_form_url ?? `/app/support/cases/new?conversation_id=${c.conversation_id}`
  return (
    <p className="notice support-escalated" data-escalated="true">
      This conversation was handed over to a person
      {c.escalation ? ` on ${dateTime(c.escalation.escalated_at)}` : ''}, so it takes no more questions.{' '}
      <Link to={consolePath(url)}>Open a support case</Link> to reach the support team.
    </p>
  )
}

function Composer({
  busy,
  onSend,
  onStop,
}: {
  busy: boolean
  onSend: (q: string) => void
  onStop: () => void
}) {
  const [text, setText] = useState('')
  return (
    <form
      className="support-composer"
      onSubmit={(e) => {
        e.preventDefault()
        const q = text.trim()
        if (!q) return
        onSend(q)
        setText('')
      }}
    >
      <label htmlFor="support-question">Your question</label>
      <textarea
        id="support-question"
        name="content"
        rows={3}
        maxLength={4000}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Ask about a feature, your account or your portfolio"
      />
      <div className="actions">
        <button type="submit" disabled={busy || !text.trim()}>
          Send
        </button>
        {busy && (
          <button type="button" className="danger" onClick={onStop}>
            Stop
          </button>
        )}
      </div>
    </form>
  )
}

function Thread({ c }: { c: Conversation }) {
  const navigate = useNavigate()
  const live = useTurn(c)
  // The live turn shows its own question and answer: their stored copies wait until it gives way.
  const shown = live.turn?.outcome ? [] : [live.turn?.userMessageId, live.turn?.assistantId]
  const stored = c.messages.filter((m) => !shown.includes(m.message_id))
  const handOver = useMutation({
    mutationFn: () => escalate(c.conversation_id),
    onSuccess: (r) => void navigate(consolePath(r.ticket_form_url)),
  })
  const open = c.status === 'open'
  return (
    <>
      <ol className="support-thread" aria-label="Messages">
        {stored.map((m) => (
          <StoredMessage
            key={m.message_id}
            m={m}
            footer={
              m.role === 'assistant' && open && !m.in_progress ? (
                <Feedback conversationId={c.conversation_id} messageId={m.message_id} />
              ) : undefined
            }
          />
        ))}
        {live.turn && <LiveMessages turn={live.turn} />}
      </ol>
      {c.messages.length === 0 && !live.turn && (
        <p className="empty">
          Ask a question: the assistant answers from the help articles and your own data.
        </p>
      )}
      {live.turn?.outcome && <OutcomeNotice outcome={live.turn.outcome} onDismiss={live.dismiss} />}
      {open ? (
        <>
          <Composer busy={live.busy} onSend={live.send} onStop={live.stop} />
          <p className="muted support-escalate">
            Not getting anywhere?{' '}
            <button
              type="button"
              className="secondary"
              disabled={live.busy || handOver.isPending}
              onClick={() => handOver.mutate()}
            >
              Talk to a person
            </button>
          </p>
          <ProblemAlert error={handOver.error} />
        </>
      ) : (
        <Escalated c={c} />
      )}
      <DeleteConversation id={c.conversation_id} title={c.title} busy={live.busy} />
    </>
  )
}

export function Chat({ conversationId }: { conversationId: number }) {
  const conversation = useQuery({
    queryKey: conversationKey(conversationId),
    queryFn: () => fetchConversation(conversationId),
    refetchInterval: (q) => pollWhileWriting(q.state.data),
  })
  return (
    <QueryState query={conversation} label="Loading the conversation">
      {(c) => <Thread key={c.conversation_id} c={c} />}
    </QueryState>
  )
}
