/** The approval queue's views of its rows: decimals in their shortest form, dollars with 2 decimals. */
import { centsToString, decAdd, toCents } from '../../../../../kernel/decimal/index.ts'
import type { ApprovalItem, OrderRow } from '../approvals.repository.ts'
import type { AgentOrderOut, ApprovalOut } from '../approvals.schemas.ts'

const iso = (d: Date | string) => new Date(d).toISOString()
/** `10.500000000` → `10.5`. */
export const dec = (v: string | number) => decAdd(String(v), '0')
const decOrNull = (v: string | number | null) => (v === null ? null : dec(v))
const dollars = (v: string | number | null) => (v === null ? null : centsToString(toCents(String(v))))
const day = (v: string | Date) => (typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10))

export function orderView(o: OrderRow, approvalId: number | null): AgentOrderOut {
  return {
    order_id: o.id,
    agent_id: o.agent_id,
    account_id: o.account_id,
    client_order_id: o.client_order_id,
    symbol: o.symbol,
    side: o.side,
    qty: decOrNull(o.qty),
    notional: dollars(o.notional),
    type: o.order_type,
    limit_price: decOrNull(o.limit_price),
    time_in_force: o.time_in_force,
    mode: o.mode,
    priced_notional: dollars(o.priced_notional) ?? '0.00',
    reference_price: dec(o.reference_price),
    status: o.status,
    reject_reason: o.reject_reason,
    reject_detail: o.reject_detail,
    approval_id: approvalId,
    broker: o.broker,
    broker_order_id: o.broker_order_id,
    filled_qty: dec(o.filled_qty),
    filled_avg_price: decOrNull(o.filled_avg_price),
    via: o.via,
    trading_day: day(o.trading_day),
    created_at: iso(o.created_at),
    updated_at: iso(o.updated_at),
  }
}

export function approvalView({ approval: a, order, agentName }: ApprovalItem): ApprovalOut {
  return {
    approval_id: a.id,
    status: a.status,
    order: orderView(order, a.id),
    agent_name: agentName,
    band_low: decOrNull(a.band_low),
    band_high: decOrNull(a.band_high),
    expires_at: iso(a.expires_at),
    decided_by: a.decided_by,
    decided_at: a.decided_at ? iso(a.decided_at) : null,
    decision_note: a.decision_note,
    created_at: iso(a.created_at),
  }
}
