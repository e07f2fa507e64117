/**
 * An agent's order log (GET /api/bot-controls/agents/{id}/orders), newest first, all or one status:
 * what it asked for, the value the controls priced it at, what became of it and why, and how it
 * came (REST, MCP, the console). On a phone each order is a card (`.stack-on-phone`). A link from elsewhere (the threshold preview) names one order with
 * `?order=<id>#order-log`: that order shows first, whichever page of the log it is on.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Link, useLocation, useSearchParams } from 'react-router'
import { dateTime, money, price } from '../../ui/format.ts'
import { Section } from '../../ui/Page.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { TableWrap } from '../../ui/TableWrap.tsx'
import { StatusFilter } from './StatusFilter.tsx'
import { vendorOf } from '../brokers/brokers.ts'
import {
  fetchOrder,
  fetchOrders,
  ORDER_STATUSES,
  type Order,
  orderKey,
  ordersKey,
  orderText,
  PAGE_SIZE,
} from './api.ts'
import { PageButtons } from './PageButtons.tsx'
import { statusLabel } from './wording.ts'

function Outcome({ o }: { o: Order }) {
  // Held: not a dead end but a decision waiting, where it is taken.
  if (o.status === 'pending_approval')
    return (
      <Link to="/agents/approvals" data-to-approvals>
        Waiting for your approval
      </Link>
    )
  if (o.reject_reason)
    return (
      <>
        <code>{o.reject_reason}</code>
        {o.reject_detail && <span className="holding-name">{o.reject_detail}</span>}
      </>
    )
  if (Number(o.filled_qty) > 0)
    return (
      <>
        filled {o.filled_qty} at {price(o.filled_avg_price)}
      </>
    )
  return <Broker o={o} />
}

/**
 * Where it went: the broker and its order id, once. A paper order's id is "paper-" and its own order
 * id, which says nothing more: "Paper" alone. Not sent (held, refused before): a dash.
 */
function Broker({ o }: { o: Order }) {
  if (!o.broker) return <span className="muted">–</span>
  if (o.broker === 'paper') return <span className="muted">Paper</span>
  return (
    <span className="muted">
      {vendorOf(o.broker)}
      {o.broker_order_id && (
        <>
          {' '}
          <code>{o.broker_order_id}</code>
        </>
      )}
    </span>
  )
}

function OrdersTable({ items, label = 'Order log' }: { items: Order[]; label?: string }) {
  return (
    <TableWrap label={label}>
      <table className="agent-orders stack-on-phone">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Order</th>
            <th scope="col" className="num">
              Value
            </th>
            <th scope="col">Status</th>
            <th scope="col">Reason or fill</th>
            <th scope="col">Via</th>
          </tr>
        </thead>
        <tbody>
          {items.map((o) => (
            <tr key={o.order_id} data-order={o.order_id} data-status={o.status}>
              <td data-label="When">{dateTime(o.created_at)}</td>
              <td data-label="Order" className="wrap">
                {orderText(o)}
                <span className="holding-name">{o.client_order_id}</span>
              </td>
              <td data-label="Value" className="num">
                {money(o.priced_notional)}
              </td>
              <td data-label="Status">{statusLabel(o.status)}</td>
              <td data-label="Reason or fill" className="wrap">
                <Outcome o={o} />
              </td>
              <td data-label="Via">{o.via}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  )
}

/** The order a link named (`?order=`), shown above the log with focus on it; nothing for another agent's. */
function FollowedOrder({ agentId, orderId }: { agentId: number; orderId: number }) {
  const order = useQuery({ queryKey: orderKey(orderId), queryFn: () => fetchOrder(orderId) })
  const box = useRef<HTMLDivElement>(null)
  const mine = order.data?.agent_id === agentId
  useEffect(() => {
    if (mine) box.current?.focus()
  }, [mine])
  if (order.isError)
    return (
      <p className="problem" role="alert">
        The order you followed could not be read: {order.error.message}
      </p>
    )
  if (!order.data || !mine) return null
  return (
    <div className="notice" ref={box} tabIndex={-1} data-followed={orderId}>
      <p>The order you followed:</p>
      <OrdersTable items={[order.data]} label="The order you followed" />
    </div>
  )
}

export function OrderLog({ agentId }: { agentId: number }) {
  const followed = Number(useSearchParams()[0].get('order'))
  const { hash } = useLocation()
  const [status, setStatus] = useState('')
  const [page, setPage] = useState(1)
  const orders = useQuery({
    queryKey: ordersKey(agentId, status, page),
    queryFn: () => fetchOrders(agentId, status, page),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  })
  const loaded = orders.isSuccess
  useEffect(() => {
    // The router does not scroll to a #fragment; with an order to show, focus does it instead.
    if (loaded && hash === '#order-log' && !followed) document.getElementById('order-log')?.scrollIntoView()
  }, [loaded, hash, followed])
  return (
    <Section title="Order log" id="order-log">
      {Number.isSafeInteger(followed) && followed > 0 && (
        <FollowedOrder agentId={agentId} orderId={followed} />
      )}
      <StatusFilter
        value={status}
        statuses={ORDER_STATUSES}
        onChange={(s) => {
          setStatus(s)
          setPage(1)
        }}
      />
      <QueryState
        query={orders}
        label="Loading the orders"
        isEmpty={(d) => d.items.length === 0 && page === 1}
        empty={status ? 'No order in this status.' : 'No order yet.'}
      >
        {(d) => (
          <>
            <OrdersTable items={d.items} />
            <PageButtons
              page={page}
              total={d.total}
              pageSize={PAGE_SIZE}
              onPage={setPage}
              label="Order pages"
              loading={orders.isPlaceholderData}
            />
          </>
        )}
      </QueryState>
    </Section>
  )
}
