/**
 * /support/moderation — what moderation did about the caller's content: each action with its
 * statement of reasons (the categories, the rule and the excerpt that triggered it), whether it was
 * automated, until when it can be appealed; an appeal form for each action still open to one; and the
 * caller's appeals with their status and the reviewer's stated reason.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { dateTime } from '../../ui/format.ts'
import { Page, Section } from '../../ui/Page.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import {
  ACTIONS,
  APPEALS,
  type Appeal,
  appeal,
  fetchActions,
  fetchAppeals,
  type ModerationAction,
} from './api.ts'
import { SupportTabs } from './SupportTabs.tsx'

const APPEAL_STATUS: Record<string, string> = {
  open: 'Under review',
  upheld: 'Upheld: the action stands',
  reversed: 'Reversed: the action was lifted',
}

const KINDS: Record<string, string> = { content_blocked: 'Content blocked' }
const CATEGORIES: Record<string, string> = {
  pump_and_dump: 'Pump-and-dump or coordinated promotion',
  guaranteed_returns: 'Guaranteed-return claims',
  impersonation: 'Impersonating the service or a broker',
  off_platform_solicitation: 'Soliciting off the platform',
  harassment: 'Harassment',
  hate: 'Hate',
  self_harm: 'Self-harm',
  sexual: 'Sexual content',
  violence: 'Violence',
  illicit: 'Illicit activity',
}
const category = (c: string) => CATEGORIES[c] ?? c

function AppealForm({ action }: { action: ModerationAction }) {
  const id = useId()
  const client = useQueryClient()
  const [reason, setReason] = useState('')
  const send = useMutation({
    mutationFn: () => appeal(action.action_id, reason.trim()),
    onSuccess: () => Promise.all([ACTIONS, APPEALS].map((k) => client.invalidateQueries({ queryKey: k }))),
  })
  return (
    <form
      className="support-appeal"
      onSubmit={(e) => {
        e.preventDefault()
        if (reason.trim()) send.mutate()
      }}
    >
      <div className="field">
        <label htmlFor={id}>Why this decision is wrong</label>
        <textarea
          id={id}
          name="reason"
          rows={3}
          maxLength={2000}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <ProblemAlert error={send.error} />
      <div>
        <button type="submit" disabled={send.isPending || !reason.trim()}>
          Appeal
        </button>
      </div>
    </form>
  )
}

function ActionItem({ a, now }: { a: ModerationAction; now: number }) {
  const appealable = !a.appeal && a.appealable_until !== null && Date.parse(a.appealable_until) > now
  return (
    <li className="support-action" data-action={a.action_id}>
      <div className="inbox-item-head">
        <strong>
          {KINDS[a.kind] ?? a.kind}: {a.categories.map(category).join(', ')}
        </strong>
        <time dateTime={a.created_at} className="muted">
          {dateTime(a.created_at)}
        </time>
      </div>
      <p className="muted">{a.automated ? 'Decided automatically.' : 'Decided by a reviewer.'}</p>
      <ul className="support-reasons" aria-label="Statement of reasons">
        {a.reasons.map((r, i) => (
          <li key={i} data-category={r.category} data-rule={r.rule}>
            <strong>{category(r.category)}</strong> (rule <code>{r.rule}</code>)
            {r.excerpt ? (
              <>
                {' '}
                — <q>{r.excerpt}</q>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {a.appeal ? (
        <p data-appeal-status={a.appeal.status}>
          Appeal: {APPEAL_STATUS[a.appeal.status] ?? a.appeal.status}
        </p>
      ) : appealable ? (
        <>
          <p className="muted">You can appeal until {dateTime(a.appealable_until)}.</p>
          <AppealForm action={a} />
        </>
      ) : (
        <p className="muted">The time to appeal this ended {dateTime(a.appealable_until)}.</p>
      )}
    </li>
  )
}

function AppealItem({ a }: { a: Appeal }) {
  return (
    <li className="support-appeal-item" data-appeal={a.appeal_id} data-status={a.status}>
      <div className="inbox-item-head">
        <strong>{APPEAL_STATUS[a.status] ?? a.status}</strong>
        <span className="muted">
          Sent {dateTime(a.created_at)}
          {a.status === 'open'
            ? ` · decided by ${dateTime(a.decide_by)}`
            : ` · decided ${dateTime(a.decided_at)}`}
        </span>
      </div>
      <p>Your reason: {a.reason}</p>
      {a.reviewer_reason && <p>Reviewer: {a.reviewer_reason}</p>}
    </li>
  )
}

export default function ModerationPage() {
  const actions = useQuery({ queryKey: ACTIONS, queryFn: fetchActions })
  const appeals = useQuery({ queryKey: APPEALS, queryFn: fetchAppeals })
  return (
    <Page title="Moderation">
      <SupportTabs />
      <Section title="Actions on your content">
        <QueryState
          query={actions}
          label="Loading moderation actions"
          isEmpty={(d) => d.items.length === 0}
          empty="Nothing you posted was held back or removed."
        >
          {(d) => (
            <ul className="inbox-list">
              {d.items.map((a) => (
                <ActionItem key={a.action_id} a={a} now={actions.dataUpdatedAt} />
              ))}
            </ul>
          )}
        </QueryState>
      </Section>
      <Section title="Your appeals">
        <QueryState
          query={appeals}
          label="Loading your appeals"
          isEmpty={(d) => d.items.length === 0}
          empty="No appeals."
        >
          {(d) => (
            <ul className="inbox-list">
              {d.items.map((a) => (
                <AppealItem key={a.appeal_id} a={a} />
              ))}
            </ul>
          )}
        </QueryState>
      </Section>
    </Page>
  )
}
