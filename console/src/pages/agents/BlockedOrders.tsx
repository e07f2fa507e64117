/**
 * The preview's "what the current limits would have refused": per agent and limit, the orders it
 * would have blocked. The API gives their ids only, which the console shows nowhere, so each order
 * is read (GET /api/bot-controls/orders/{id}) and named as its order log names it — when, what, and
 * the agent's own client order id — with a link to it in the agent's order log. An agent is named
 * from the preview's rows, else read by id (it may be on any page of the agents list).
 */
import { useQueries, useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { dateTime, money } from '../../ui/format.ts'
import { agentKey, fetchAgent, fetchOrder, orderKey, orderText, type Preview, words } from './api.ts'

/** Orders named one by one under a limit; past this many, the rest are counted. */
export const SHOWN_PER_LIMIT = 10

type Block = Preview['limits_would_block'][number]

/** Where the agent's order log shows one order (AgentPage reads `order`). */
export const orderLink = (agentId: number, orderId: number) => `/agents/${agentId}?order=${orderId}#order-log`

function BlockedOrder({ agentId, orderId }: { agentId: number; orderId: number }) {
  const order = useQuery({ queryKey: orderKey(orderId), queryFn: () => fetchOrder(orderId) })
  const o = order.data
  return (
    <li data-order={orderId}>
      <Link to={orderLink(agentId, orderId)}>
        {o ? `${dateTime(o.created_at)}: ${orderText(o, (v) => money(v))}` : 'An order'}
      </Link>
      {o && <span className="muted"> ({o.client_order_id})</span>}
      {order.isError && <span className="muted"> (it could not be read)</span>}
    </li>
  )
}

function BlockLine({ b, name }: { b: Block; name: string }) {
  const shown = b.order_ids.slice(0, SHOWN_PER_LIMIT)
  const more = b.order_ids.length - shown.length
  const n = b.order_ids.length
  return (
    <li data-limit={b.limit} data-agent={b.agent_id}>
      <span data-agent-name>{name}</span>: <code>{b.limit}</code> ({words(b.limit)}) would have refused{' '}
      {n === 1 ? 'this order' : `these ${n} orders`}:
      <ul>
        {shown.map((id) => (
          <BlockedOrder key={id} agentId={b.agent_id} orderId={id} />
        ))}
      </ul>
      {more > 0 && (
        <p className="muted">
          and {more} more in <Link to={`/agents/${b.agent_id}#order-log`}>{name}’s order log</Link>.
        </p>
      )}
    </li>
  )
}

export function BlockedOrders({ p }: { p: Preview }) {
  const known = new Map<number, string>(p.would_need_approval.map((o) => [o.agent_id, o.agent_name]))
  const unknown = [...new Set(p.limits_would_block.map((b) => b.agent_id))].filter((id) => !known.has(id))
  const agents = useQueries({
    queries: unknown.map((id) => ({ queryKey: agentKey(id), queryFn: () => fetchAgent(id) })),
  })
  for (const a of agents) if (a.data) known.set(a.data.agent_id, a.data.name)
  if (p.limits_would_block.length === 0)
    return <p className="muted">The agents' current limits would have refused none of these orders.</p>
  return (
    <ul className="limits-blocked">
      {p.limits_would_block.map((b) => (
        <BlockLine key={`${b.agent_id}-${b.limit}`} b={b} name={known.get(b.agent_id) ?? 'An agent'} />
      ))}
    </ul>
  )
}
