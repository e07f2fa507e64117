/**
 * The preview's "what the current limits would have refused": per agent and limit, the newest
 * orders it would have blocked, as the API names them (when, what, its value, the agent's own client
 * order id), each linked to the agent's order log, and how many more there were. Everything shown
 * comes in the preview itself: no order or agent is read one by one.
 */
import { Link } from 'react-router'
import { dateTime, money } from '../../ui/format.ts'
import { type Preview, words } from './api.ts'

type Block = Preview['limits_would_block'][number]
type BlockedOrder = Block['orders'][number]

/** Where the agent's order log shows one order (AgentPage reads `order`). */
export const orderLink = (agentId: number, orderId: number) => `/agents/${agentId}?order=${orderId}#order-log`

function BlockedOrderItem({ o }: { o: BlockedOrder }) {
  return (
    <li data-order={o.order_id}>
      <Link to={orderLink(o.agent_id, o.order_id)}>
        {dateTime(o.created_at)}: {o.side} {o.symbol}, {money(o.priced_notional)}
      </Link>
      <span className="muted"> ({o.client_order_id})</span>
    </li>
  )
}

function BlockLine({ b }: { b: Block }) {
  const more = b.count - b.orders.length
  return (
    <li data-limit={b.limit} data-agent={b.agent_id} data-count={b.count}>
      <span data-agent-name>{b.agent_name}</span>: <code>{b.limit}</code> ({words(b.limit)}) would have
      refused {b.count === 1 ? 'this order' : `${b.count} orders`}
      {more > 0 ? `, the newest ${b.orders.length} of them:` : ':'}
      <ul>
        {b.orders.map((o) => (
          <BlockedOrderItem key={o.order_id} o={o} />
        ))}
      </ul>
      {more > 0 && (
        <p className="muted" data-more={more}>
          and {more} older in <Link to={`/agents/${b.agent_id}#order-log`}>{b.agent_name}’s order log</Link>.
        </p>
      )}
    </li>
  )
}

export function BlockedOrders({ p }: { p: Preview }) {
  if (p.limits_would_block.length === 0)
    return <p className="muted">The agents' current limits would have refused none of these orders.</p>
  return (
    <ul className="limits-blocked">
      {p.limits_would_block.map((b) => (
        <BlockLine key={`${b.agent_id}-${b.limit}`} b={b} />
      ))}
    </ul>
  )
}
