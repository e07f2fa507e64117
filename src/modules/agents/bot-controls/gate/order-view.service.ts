/** An agent order as the API shows it: decimals as strings in their shortest form, money to the cent. */
import { plain } from '../lib/gate-rules.ts'
import type { OrderRow } from './orders.repository.ts'
import type { AgentOrderViewOut } from './orders.schemas.ts'

const opt = (x: string | null) => (x === null ? null : plain(x))

export function toView(r: OrderRow): AgentOrderViewOut {
  return {
    order_id: r.id,
    agent_id: r.agent_id,
    account_id: r.account_id,
    client_order_id: r.client_order_id,
    symbol: r.symbol,
    side: r.side,
    qty: opt(r.qty),
    notional: r.notional,
    type: r.order_type,
    limit_price: opt(r.limit_price),
    time_in_force: r.time_in_force,
    mode: r.mode,
    priced_notional: r.priced_notional,
    reference_price: plain(r.reference_price),
    status: r.status,
    reject_reason: r.reject_reason,
    reject_detail: r.reject_detail,
    approval_id: r.approval_id,
    broker: r.broker,
    broker_order_id: r.broker_order_id,
    filled_qty: plain(r.filled_qty),
    filled_avg_price: opt(r.filled_avg_price),
    via: r.via,
    trading_day: r.trading_day,
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
  }
}
