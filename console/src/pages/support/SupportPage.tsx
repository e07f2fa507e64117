/**
 * /support — the support assistant. Until the caller has accepted the current disclosure (what the
 * assistant is, what it stores, that it gives no investment advice) only the disclosure shows; then
 * the caller's conversations, a new one, and the chat of the one picked (?c=<id>). The day's quota
 * (messages used of the plan's limit, when it resets) sits in the header.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { dateTime } from '../../ui/format.ts'
import { Page, Section } from '../../ui/Page.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import {
  acceptDisclosure,
  CONVERSATIONS,
  createConversation,
  DISCLOSURE,
  type Disclosure,
  fetchConversations,
  fetchDisclosure,
  fetchQuota,
  QUOTA,
} from './api.ts'
import { Chat } from './Chat.tsx'
import { SupportTabs } from './SupportTabs.tsx'

function QuotaLine() {
  const quota = useQuery({ queryKey: QUOTA, queryFn: fetchQuota })
  if (!quota.data) return null
  const q = quota.data
  return (
    <p className="muted support-quota" data-quota-used={q.used} data-quota-limit={q.limit}>
      {q.used} of {q.limit} messages today · resets {dateTime(q.resets_at)}
    </p>
  )
}

function DisclosureGate({ d }: { d: Disclosure }) {
  const client = useQueryClient()
  const accept = useMutation({
    mutationFn: () => acceptDisclosure(d.current_version),
    onSuccess: () => client.invalidateQueries({ queryKey: DISCLOSURE }),
  })
  return (
    <Section title="Before you start">
      <div className="support-disclosure" data-version={d.current_version}>
        {d.text.split(/\n{2,}/).map((para, i) => (
          <p key={i}>{para}</p>
        ))}
      </div>
      {d.accepted_version && d.accepted_version !== d.current_version && (
        <p className="muted">This text changed since you accepted it on {dateTime(d.accepted_at)}.</p>
      )}
      <ProblemAlert error={accept.error} />
      <div className="actions">
        <button type="button" onClick={() => accept.mutate()} disabled={accept.isPending}>
          Accept and continue
        </button>
        <Link to="/support/cases">Write to the support team instead</Link>
      </div>
    </Section>
  )
}

function Conversations({ selected, onSelect }: { selected: number | null; onSelect: (id: number) => void }) {
  const client = useQueryClient()
  const list = useQuery({ queryKey: CONVERSATIONS, queryFn: fetchConversations })
  const create = useMutation({
    mutationFn: () => createConversation(),
    onSuccess: async (c) => {
      await client.invalidateQueries({ queryKey: CONVERSATIONS })
      onSelect(c.conversation_id)
    },
  })
  return (
    <Section
      title="Conversations"
      actions={
        <button type="button" onClick={() => create.mutate()} disabled={create.isPending}>
          New conversation
        </button>
      }
    >
      <ProblemAlert error={create.error} />
      <QueryState
        query={list}
        label="Loading your conversations"
        isEmpty={(d) => d.items.length === 0}
        empty="No conversations yet: start one."
      >
        {(d) => (
          <ul className="support-conversations">
            {d.items.map((c) => (
              <li key={c.conversation_id} data-conversation={c.conversation_id} data-status={c.status}>
                <Link
                  to={`/support?c=${c.conversation_id}`}
                  aria-current={c.conversation_id === selected ? 'true' : undefined}
                >
                  {c.title || 'Untitled conversation'}
                </Link>
                <span className="muted">
                  {c.status === 'escalated' ? 'Handed over · ' : ''}
                  {c.message_count} {c.message_count === 1 ? 'message' : 'messages'} ·{' '}
                  {dateTime(c.updated_at)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Section>
  )
}

export default function SupportPage() {
  const [params, setParams] = useSearchParams()
  const disclosure = useQuery({ queryKey: DISCLOSURE, queryFn: fetchDisclosure })
  const picked = Number(params.get('c'))
  const selected = Number.isInteger(picked) && picked > 0 ? picked : null
  const accepted = (d: Disclosure) => d.accepted && d.accepted_version === d.current_version
  return (
    <Page title="Support" actions={<QuotaLine />}>
      <SupportTabs />
      <QueryState query={disclosure} label="Loading the assistant">
        {(d) =>
          !accepted(d) ? (
            <DisclosureGate d={d} />
          ) : (
            <div className="support-layout">
              <Conversations selected={selected} onSelect={(id) => setParams({ c: String(id) })} />
              <Section title="Assistant">
                {selected ? (
                  <Chat key={selected} conversationId={selected} />
                ) : (
                  <p className="empty">Pick a conversation, or start a new one.</p>
                )}
              </Section>
            </div>
          )
        }
      </QueryState>
    </Page>
  )
}
