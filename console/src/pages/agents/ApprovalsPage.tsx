/**
 * /agents/approvals — the orders agents placed above the approval threshold, waiting for a person
 * (GET /api/bot-controls/approvals): the exact order, its value, its price band (a market order is
 * sent only while the quote is inside it) and the time left before it expires. Approving sends it
 * now; rejecting gives the agent's daily budget back. Other statuses show who decided and when.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { dateTime, money } from '../../ui/format.ts'
import { Page, Section } from '../../ui/Page.tsx'
import { messageOf } from '../../api/problem.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { TableWrap } from '../../ui/TableWrap.tsx'
import { AgentsTabs } from './AgentsTabs.tsx'
import {
  type Approval,
  APPROVAL_STATUSES,
  approvalsKey,
  approve,
  fetchApprovals,
  orderText,
  PAGE_SIZE,
  reject,
  words,
} from './api.ts'
import { Countdown } from './Countdown.tsx'
import { PageButtons } from './PageButtons.tsx'
import { StatusFilter } from './StatusFilter.tsx'

/** A market order's band (2 % either side of its price when placed); a limit order is bound to its limit. */
const band = (a: Approval) =>
  a.band_low === null || a.band_high === null
    ? `its limit, ${money(a.order.limit_price)}`
    : `${money(a.band_low, 'USD', { maximumFractionDigits: 4 })} – ${money(a.band_high, 'USD', { maximumFractionDigits: 4 })}`

/** What the last decision did, kept by the page: the decided row leaves the pending list at once. */
export interface Outcome {
  ok: boolean
  text: string
}
type Report = (o: Outcome) => void

function Decide({ a, report }: { a: Approval; report: Report }) {
  const client = useQueryClient()
  const [note, setNote] = useState('')
  const [rejecting, setRejecting] = useState(false)
  const what = `${a.agent_name}: ${orderText(a.order, (v) => money(v))}`
  const settle = (verb: string) => ({
    onSuccess: (r: Approval) =>
      report({ ok: true, text: `${verb} ${what}. The order is now ${words(r.order.status)}.` }),
    onError: (e: unknown) => report({ ok: false, text: `${what}: ${messageOf(e)}` }),
    onSettled: () => client.invalidateQueries({ queryKey: ['agents'] }),
  })
  const yes = useMutation({ mutationFn: () => approve(a.approval_id), ...settle('Approved') })
  const no = useMutation({ mutationFn: () => reject(a.approval_id, note.trim()), ...settle('Rejected') })
  const busy = yes.isPending || no.isPending
  return (
    <div className="row-actions">
      {rejecting ? (
        <span className="confirm" role="group" aria-label={`Reject ${what}`}>
          <input
            name="note"
            aria-label="Why (optional, the agent's owner sees it)"
            placeholder="Why (optional)"
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          <button type="button" className="danger" disabled={busy} onClick={() => no.mutate()}>
            Reject
          </button>
          <button type="button" className="secondary" onClick={() => setRejecting(false)}>
            Cancel
          </button>
        </span>
      ) : (
        <>
          <button type="button" disabled={busy} aria-label={`Approve ${what}`} onClick={() => yes.mutate()}>
            Approve
          </button>
          <button
            type="button"
            className="secondary"
            disabled={busy}
            aria-label={`Reject ${what}…`}
            onClick={() => setRejecting(true)}
          >
            Reject…
          </button>
        </>
      )}
    </div>
  )
}

function Decision({ a, report }: { a: Approval; report: Report }) {
  if (a.status === 'pending') return <Decide a={a} report={report} />
  return (
    <span className="wrap">
      {words(a.status)}
      {a.decided_at && ` ${dateTime(a.decided_at)}`}
      {a.decision_note && <span className="holding-name">{a.decision_note}</span>}
    </span>
  )
}

function ApprovalsTable({ items, report }: { items: Approval[]; report: Report }) {
  return (
    <TableWrap label="Approvals">
      <table className="agent-approvals">
        <thead>
          <tr>
            <th scope="col">Agent</th>
            <th scope="col">Order</th>
            <th scope="col" className="num">
              Value
            </th>
            <th scope="col">Price band</th>
            <th scope="col">Expires</th>
            <th scope="col">Decision</th>
          </tr>
        </thead>
        <tbody>
          {items.map((a) => (
            <tr key={a.approval_id} data-approval={a.approval_id} data-status={a.status}>
              <td>
                <Link to={`/agents/${a.order.agent_id}`}>{a.agent_name}</Link>
              </td>
              <td className="wrap">{orderText(a.order, (v) => money(v))}</td>
              <td className="num">{money(a.order.priced_notional)}</td>
              <td>{band(a)}</td>
              <td>{a.status === 'pending' ? <Countdown until={a.expires_at} /> : dateTime(a.expires_at)}</td>
              <td>
                <Decision a={a} report={report} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  )
}

export default function ApprovalsPage() {
  const [status, setStatus] = useState('pending')
  const [page, setPage] = useState(1)
  const [outcome, setOutcome] = useState<Outcome>()
  const approvals = useQuery({
    queryKey: approvalsKey(status, page),
    queryFn: () => fetchApprovals(status, page),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  })
  return (
    <Page title="Approvals">
      <AgentsTabs />
      <Section title="Orders held for approval">
        <p className="muted">
          An approval is for this exact order. A market order is sent only while its quote stays inside the
          band; otherwise it expires and the agent must ask again.
        </p>
        <StatusFilter
          value={status}
          statuses={APPROVAL_STATUSES}
          onChange={(s) => {
            setStatus(s)
            setPage(1)
          }}
        />
        <p
          role="status"
          className={outcome?.ok === false ? 'problem' : 'notice'}
          data-outcome={outcome ? (outcome.ok ? 'done' : 'failed') : undefined}
          hidden={!outcome}
        >
          {outcome?.text}
        </p>
        <QueryState
          query={approvals}
          label="Loading the approvals"
          isEmpty={(d) => d.items.length === 0 && page === 1}
          empty={
            status === 'pending' ? 'Nothing is waiting for your approval.' : 'No approval in this status.'
          }
        >
          {(d) => (
            <>
              <ApprovalsTable items={d.items} report={setOutcome} />
              <PageButtons
                page={page}
                total={d.total}
                pageSize={PAGE_SIZE}
                onPage={setPage}
                label="Approval pages"
              />
            </>
          )}
        </QueryState>
      </Section>
    </Page>
  )
}
