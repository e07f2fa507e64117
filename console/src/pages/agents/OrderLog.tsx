/**
 * An agent's order log (GET /api/bot-controls/agents/{id}/orders), newest first, all or one status:
 * what it asked for, the value the controls priced it at, what became of it and why, and how it
 * came (REST, MCP, the console).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { dateTime, money } from '../../ui/format.ts'
import { Section } from '../../ui/Page.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { TableWrap } from '../../ui/TableWrap.tsx'
import { StatusFilter } from './StatusFilter.tsx'
import { fetchOrders, ORDER_STATUSES, type Order, ordersKey, orderText, PAGE_SIZE } from './api.ts'
import { PageButtons } from './PageButtons.tsx'
import { statusLabel } from './wording.ts'

function Outcome({ o }: { o: Order }) {
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
        filled {o.filled_qty} at {money(o.filled_avg_price)}
      </>
    )
  return <span className="muted">{o.broker ? `${o.broker} ${o.broker_order_id ?? ''}` : '–'}</span>
}

function OrdersTable({ items }: { items: Order[] }) {
  return (
    <TableWrap label="Order log">
      <table className="agent-orders">
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
              <td>{dateTime(o.created_at)}</td>
              <td className="wrap">
                {orderText(o, (v) => money(v))}
                <span className="holding-name">{o.client_order_id}</span>
              </td>
              <td className="num">{money(o.priced_notional)}</td>
              <td>{statusLabel(o.status)}</td>
              <td className="wrap">
                <Outcome o={o} />
              </td>
              <td>{o.via}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  )
}

export function OrderLog({ agentId }: { agentId: number }) {
  const [status, setStatus] = useState('')
  const [page, setPage] = useState(1)
  const orders = useQuery({
    queryKey: ordersKey(agentId, status, page),
    queryFn: () => fetchOrders(agentId, status, page),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  })
  return (
    <Section title="Order log">
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
            />
          </>
        )}
      </QueryState>
    </Section>
  )
}
