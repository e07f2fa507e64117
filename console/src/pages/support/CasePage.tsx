/**
 * /support/cases/:caseId — one case: what the caller wrote, the public replies from either side in
 * order, and a reply box. A closed case takes no more replies (the box is replaced by why, and a
 * link to open a new case); a case waiting on the caller says so.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Link, useParams } from 'react-router'
import { dateTime } from '../../ui/format.ts'
import { Page, Section } from '../../ui/Page.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { addComment, type Case, caseKey, fetchCase, STATUS_LABELS } from './api.ts'
import { SupportTabs } from './SupportTabs.tsx'

function Reply({ c }: { c: Case }) {
  const id = useId()
  const client = useQueryClient()
  const [text, setText] = useState('')
  const reply = useMutation({
    mutationFn: () => addComment(c.case_id, text.trim()),
    onSuccess: async () => {
      setText('')
      await client.invalidateQueries({ queryKey: caseKey(c.case_id) })
      await client.invalidateQueries({ queryKey: ['support', 'cases'] })
    },
  })
  if (c.status === 'closed')
    return (
      <p className="notice support-case-closed">
        This case is closed, so it takes no more replies. <Link to="/support/cases/new">Open a new case</Link>{' '}
        if you still need help.
      </p>
    )
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault()
        if (text.trim()) reply.mutate()
      }}
    >
      {c.status === 'pending' && <p className="notice">The support team is waiting for your reply.</p>}
      <div className="field">
        <label htmlFor={id}>Your reply</label>
        <textarea
          id={id}
          name="body"
          rows={4}
          maxLength={10000}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <ProblemAlert error={reply.error} />
      <div>
        <button type="submit" disabled={reply.isPending || !text.trim()}>
          Send reply
        </button>
      </div>
    </form>
  )
}

function Thread({ c }: { c: Case }) {
  return (
    <>
      <Section title={c.subject}>
        <p className="muted" data-status={c.status}>
          {STATUS_LABELS[c.status] ?? c.status}
          {c.category ? ` · ${c.category}` : ''} · opened {dateTime(c.created_at)}
        </p>
        <p className="support-text">{c.body}</p>
      </Section>
      <Section title="Replies">
        {c.comments.length === 0 ? (
          <p className="empty">No replies yet: the support team answers here.</p>
        ) : (
          <ol className="support-thread" aria-label="Replies">
            {c.comments.map((m) => (
              <li
                key={m.comment_id}
                className={`support-msg support-msg-${m.author === 'you' ? 'user' : 'assistant'}`}
                data-comment={m.comment_id}
                data-author={m.author}
              >
                <span className="muted">
                  {m.author === 'you' ? 'You' : 'Support'} · {dateTime(m.created_at)}
                </span>
                <p className="support-text">{m.body}</p>
              </li>
            ))}
          </ol>
        )}
        <Reply c={c} />
      </Section>
    </>
  )
}

export default function CasePage() {
  const caseId = Number(useParams()['caseId'])
  const valid = Number.isSafeInteger(caseId) && caseId > 0
  const found = useQuery({ queryKey: caseKey(caseId), queryFn: () => fetchCase(caseId), enabled: valid })
  return (
    <Page title="Support case">
      <SupportTabs />
      <p>
        <Link to="/support/cases">← All cases</Link>
      </p>
      {valid ? (
        <QueryState query={found} label="Loading the case">
          {(c) => <Thread c={c} />}
        </QueryState>
      ) : (
        <p className="problem">There is no such case.</p>
      )}
    </Page>
  )
}
