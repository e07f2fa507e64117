/**
 * The preview of a proposed threshold (GET /api/bot-controls/approval-threshold/preview): the agents'
 * recent orders that would wait for approval — worth more than the threshold that would apply (an
 * account's own, else the proposal), or of any value from an agent whose key may only propose — with
 * why each would wait, their count and value, and which orders each agent's current limits would
 * have refused (BlockedOrders.tsx).
 * It changes nothing.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { Field } from '../../ui/Field.tsx'
import { formFields, useFieldErrors } from '../../ui/form.ts'
import { date, dateTime, money } from '../../ui/format.ts'
import { Section } from '../../ui/Page.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { TableWrap } from '../../ui/TableWrap.tsx'
import { fetchPreview, type Preview } from './api.ts'
import { BlockedOrders, orderLink } from './BlockedOrders.tsx'
import { HELD_BECAUSE_LABELS, moneyWording, statusLabel } from './wording.ts'

function Held({ p }: { p: Preview }) {
  if (p.would_need_approval.length === 0)
    return (
      <p className="empty">
        None of these orders is worth more than {money(p.proposed_threshold)} (or its account’s own
        threshold).
      </p>
    )
  return (
    <TableWrap label="Orders that would have needed approval">
      <table className="threshold-preview stack-on-phone">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Agent</th>
            <th scope="col">Order</th>
            <th scope="col" className="num">
              Value
            </th>
            <th scope="col" className="num">
              Threshold
            </th>
            <th scope="col">Why it would wait</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {p.would_need_approval.map((o) => (
            <tr key={o.order_id} data-order={o.order_id}>
              <td data-label="When">{dateTime(o.created_at)}</td>
              <td data-label="Agent">{o.agent_name}</td>
              <td data-label="Order">
                <Link to={orderLink(o.agent_id, o.order_id)}>
                  {o.side} {o.symbol}
                </Link>
              </td>
              <td data-label="Value" className="num">
                {money(o.priced_notional)}
              </td>
              <td data-label="Threshold" className="num" data-threshold-source={o.threshold_source}>
                {money(o.threshold)}
                {o.threshold_source === 'account_override' ? ' (account’s own)' : ''}
              </td>
              <td data-label="Why it would wait" data-held-because={o.held_because}>
                {HELD_BECAUSE_LABELS[o.held_because]}
              </td>
              <td data-label="Status">{statusLabel(o.status)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  )
}

/** The orders that would wait whatever the threshold: their agent's current key may not execute. */
function Unscoped({ p }: { p: Preview }) {
  const n = p.would_need_approval.filter((o) => o.held_because === 'no_execute_scope').length
  if (n === 0) return null
  return (
    <>
      {' '}
      <span data-no-execute={n}>
        {n} of them would wait whatever the threshold: their agent’s current key may only propose orders (it
        lacks the execute scope).
      </span>
    </>
  )
}

const PREVIEW_FIELDS = ['proposed_threshold', 'days']

export function PreviewSection({ current }: { current: string | null }) {
  const [asked, setAsked] = useState<{ threshold: string; days: number }>()
  const preview = useQuery({
    queryKey: ['agents', 'threshold-preview', asked],
    queryFn: () =>
      asked ? fetchPreview(asked.threshold, asked.days) : Promise.reject(new Error('no threshold')),
    enabled: asked !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
  })
  const errors = useFieldErrors(preview.error)
  return (
    <Section title="Preview a threshold">
      <form
        className="filters"
        onChange={errors.onChange}
        onSubmit={(e) => {
          const get = formFields(e)
          const next = { threshold: get('proposed_threshold').trim(), days: Number(get('days')) || 7 }
          // The same inputs again: ask again all the same, orders may have come in since.
          if (asked && next.threshold === asked.threshold && next.days === asked.days) void preview.refetch()
          else setAsked(next)
        }}
      >
        <Field
          label="Proposed threshold (USD)"
          name="proposed_threshold"
          inputMode="decimal"
          autoComplete="off"
          required
          defaultValue={current ?? ''}
          error={errors.errorFor('proposed_threshold')}
          wording={moneyWording}
        />
        <Field
          label="Days back"
          name="days"
          type="number"
          min={1}
          max={90}
          defaultValue={7}
          error={errors.errorFor('days')}
        />
        <button type="submit">Preview</button>
      </form>
      {/* A refused value shows under its field; the box is for the rest. */}
      {asked && preview.isError && <ProblemAlert error={preview.error} fields={PREVIEW_FIELDS} />}
      {asked && !preview.isError && (
        <QueryState query={preview} label="Replaying the recent orders">
          {(p) => (
            <div data-preview={p.proposed_threshold}>
              <p role="status">
                From {date(p.from)} to {date(p.to)}, {p.orders_considered} agent orders:{' '}
                <strong data-count={p.count}>{p.count}</strong> worth {money(p.notional_total)} would have
                waited for approval at {money(p.proposed_threshold)} (accounts with their own threshold keep
                it).
                <Unscoped p={p} />
              </p>
              <Held p={p} />
              <h3>What the current limits would have refused</h3>
              <BlockedOrders p={p} />
            </div>
          )}
        </QueryState>
      )}
    </Section>
  )
}
