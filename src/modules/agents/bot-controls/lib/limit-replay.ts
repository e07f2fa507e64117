/**
 * Replays an agent's recorded orders, oldest first, against limits it has now: which orders each
 * limit would have blocked. The counters are the gate's: orders and notional per New York trading
 * day (a new day starts at zero), orders in the 60 seconds before each one, and each order's own
 * notional. An order a limit blocks does not count towards the next ones, as at the gate. The
 * limits that need positions or account values at the time (open positions, weight) are not
 * replayed: those figures are not kept per order.
 *
 * Which orders are replayed: those that reached the limit checks and would spend budget. That is
 * an order that still holds budget at the gate (`holdsBudget` in gate/orders.repository.ts: not
 * rejected, broker_rejected or expired, not withdrawn), and an order a `limit.*` check rejected
 * (the current limits may let it through). An order rejected for anything else (state, symbol,
 * hours, account, price, tradable) never reached the limits, and one that gave its budget back
 * no longer counts at the gate: neither is replayed, counted or listed.
 */
import { centsToString, toCents } from '../../../../kernel/decimal/index.ts'
import {
  firstFailure,
  notionalPerDay,
  orderNotional,
  ordersPerDay,
  ordersPerMinute,
  LIMIT_CHECKS,
  type CheckResult,
} from './gate-rules.ts'

export interface ReplayOrder {
  id: number
  createdAt: Date
  tradingDay: string
  pricedNotional: string
  /** It still holds the budget it took at the gate (`holdsBudget`). */
  holdsBudget: boolean
  /** Its typed `reject_reason` (null: none). */
  rejectReason: string | null
}

export interface ReplayLimits {
  maxOrdersPerMinute: number | null
  maxOrdersPerDay: number | null
  maxOrderNotional: string | null
  maxNotionalPerDay: string | null
}

const MINUTE_MS = 60_000
const limitChecks: readonly string[] = LIMIT_CHECKS

/** Reached the limit checks and would spend budget (the header's rule). */
export const replayable = (o: ReplayOrder): boolean =>
  o.holdsBudget || (o.rejectReason !== null && limitChecks.includes(o.rejectReason))

/** For each limit check that blocked anything, the ids it blocked, in order. */
export function replayLimits(orders: readonly ReplayOrder[], limits: ReplayLimits): Map<string, number[]> {
  const sorted = orders
    .filter(replayable)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)
  const passed: ReplayOrder[] = []
  const day = { date: '', orders: 0, notional: 0n }
  const blocked = new Map<string, number[]>()
  for (const o of sorted) {
    if (o.tradingDay !== day.date) Object.assign(day, { date: o.tradingDay, orders: 0, notional: 0n })
    const since = o.createdAt.getTime() - MINUTE_MS
    const lastMinute = passed.filter((p) => p.createdAt.getTime() > since).length
    const checks: CheckResult[] = [
      ordersPerMinute(limits.maxOrdersPerMinute, lastMinute),
      ordersPerDay(limits.maxOrdersPerDay, day.orders),
      orderNotional(limits.maxOrderNotional, o.pricedNotional),
      notionalPerDay(limits.maxNotionalPerDay, centsToString(day.notional), o.pricedNotional),
    ]
    const failed = firstFailure(checks)
    if (failed) {
      blocked.set(failed.check, [...(blocked.get(failed.check) ?? []), o.id])
      continue
    }
    passed.push(o)
    day.orders++
    day.notional += toCents(o.pricedNotional)
  }
  return blocked
}
