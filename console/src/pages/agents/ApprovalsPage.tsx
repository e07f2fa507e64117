/**
 * /agents/approvals — the orders agents placed above the approval threshold, waiting for a person
 * (GET /api/bot-controls/approvals): the exact order, its value, its price band (a market order is
 * sent only while the quote is inside it) and the time left before it expires. Approving sends it
 * now; rejecting gives the agent's daily budget back. Other statuses show who decided and when.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { dateTime, money, price } from '../../ui/format.ts'
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
import { Countdown, useSecondsLeft } from './Countdown.tsx'
import { PageButtons } from './PageButtons.tsx'
import { StatusFilter } from './StatusFilter.tsx'
import { statusLabel } from './wording.ts'

/** A market order's band (2 % either side of its price when placed); a limit order is bound to its limit. */
const band = (a: Approval) =>
  a.band_low === null || a.band_high === null
    ? `its limit, ${price(a.order.limit_price)}`
    : `${price(a.band_low)} – ${price(a.band_high)}`

/** What the last decision did, kept by the page: the decided row leaves the pending list at once. */
export interface Outcome {
  ok: boolean
  text: string
}
type Report = (o: Outcome) => void

function Decide({ a, report, leave }: { a: Approval; report: Report; leave: () => void }) {
  const client = useQueryClient()
  const [note, setNote] = useState('')
  const [rejecting, setRejecting] = useState(false)
  const expired = useSecondsLeft(a.expires_at) === 0
  const what = `${a.agent_name}: ${orderText(a.order)}`
  const settle = (verb: string) => ({
    onSuccess: (r: Approval) =>
      report({ ok: true, text: `${verb} ${what}. The order is now ${words(r.order.status)}.` }),
    onError: (e: unknown) => report({ ok: false, text: `${what}: ${messageOf(e)}` }),
    onSettled: () => client.invalidateQueries({ queryKey: ['agents'] }),
  })
  const yes = useMutation({ mutationFn: () => approve(a.approval_id), ...settle('Approved') })
  const no = useMutation({ mutationFn: () => reject(a.approval_id, note.trim()), ...settle('Rejected') })
  // Busy or past its expiry, the buttons ignore presses but keep focus (a disabled button drops it).
  const inert = yes.isPending || no.isPending || expired
  const off = inert || undefined

  const box = useRef<HTMLDivElement>(null)
  const rejectAsk = useRef<HTMLButtonElement>(null)
  const back = useRef(false)
  useEffect(() => {
    if (back.current && !rejecting) rejectAsk.current?.focus()
    back.current = false
  }, [rejecting])
  const cancel = () => {
    back.current = true
    setRejecting(false)
  }
  // The decided row leaves the list with the focused button in it: hand focus to the page first.
  useLayoutEffect(() => {
    const node = box.current
    return () => {
      if (node?.contains(document.activeElement)) leave()
    }
  }, [leave])

  return (
    <div className="row-actions" ref={box}>
      {rejecting ? (
        <span className="confirm" role="group" aria-label={`Reject ${what}`}>
          <input
            name="note"
            aria-label="Why (optional, the agent's owner sees it)"
            placeholder="Why (optional)"
            maxLength={500}
            value={note}
            autoFocus
            onChange={(e) => setNote(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault()
                if (!inert) no.mutate()
              } else if (e.key === 'Escape') {
                e.preventDefault()
                cancel()
              }
            }}
          />
          <button type="button" className="danger" aria-disabled={off} onClick={() => inert || no.mutate()}>
            Reject
          </button>
          <button type="button" className="secondary" onClick={cancel}>
            Cancel
          </button>
        </span>
      ) : (
        <>
          <button
            type="button"
            aria-disabled={off}
            aria-label={`Approve ${what}`}
            onClick={() => inert || yes.mutate()}
          >
            Approve
          </button>
          <button
            ref={rejectAsk}
            type="button"
            className="secondary"
            aria-disabled={off}
            aria-label={`Reject ${what}…`}
            onClick={() => inert || setRejecting(true)}
          >
            Reject…
          </button>
        </>
      )}
    </div>
  )
}

function Decision({ a, report, leave }: { a: Approval; report: Report; leave: () => void }) {
  if (a.status === 'pending') return <Decide a={a} report={report} leave={leave} />
  return (
    <span className="wrap">
      {statusLabel(a.status)}
      {a.decided_at && ` ${dateTime(a.decided_at)}`}
      {a.decision_note && <span className="holding-name">{a.decision_note}</span>}
    </span>
  )
}

function ApprovalsTable({ items, report, leave }: { items: Approval[]; report: Report; leave: () => void }) {
  return (
    <TableWrap label="Approvals">
      <table className="agent-approvals stack-on-phone">
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
              <td data-label="Agent">
                <Link to={`/agents/${a.order.agent_id}`}>{a.agent_name}</Link>
              </td>
              <td data-label="Order" className="wrap">
                {orderText(a.order)}
              </td>
              <td data-label="Value" className="num">
                {money(a.order.priced_notional)}
              </td>
              <td data-label="Price band">{band(a)}</td>
              <td data-label="Expires">
                {a.status === 'pending' ? <Countdown until={a.expires_at} /> : dateTime(a.expires_at)}
              </td>
              <td>
                <Decision a={a} report={report} leave={leave} />
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
  const outcomeLine = useRef<HTMLParagraphElement>(null)
  // Where focus goes when the row it was in leaves: the line saying what the decision did, or
  // with no decision to report (the row expired or was decided elsewhere), the filter.
  const leave = useCallback(() => {
    const line = outcomeLine.current
    if (line && !line.hidden) line.focus()
    else document.querySelector<HTMLElement>('.approvals-filter select')?.focus()
  }, [])
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
          className="approvals-filter"
          onChange={(s) => {
            setStatus(s)
            setPage(1)
            // The last decision's line was about the list as it was.
            setOutcome(undefined)
          }}
        />
        <p
          ref={outcomeLine}
          tabIndex={-1}
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
              <ApprovalsTable items={d.items} report={setOutcome} leave={leave} />
              <PageButtons
                page={page}
                total={d.total}
                pageSize={PAGE_SIZE}
                onPage={setPage}
                label="Approval pages"
                loading={approvals.isPlaceholderData}
              />
            </>
          )}
        </QueryState>
      </Section>
    </Page>
  )
}
