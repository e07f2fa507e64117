/**
 * Replays an agent's recorded orders, oldest first, against limits it has now: which orders each
 * limit would have blocked. The counters are the gate's: orders and notional per New York trading
 * day (a new day starts at zero), orders in the 60 seconds before each one, and each order's own
 * notional. An order a limit blocks does not count towards the next ones, as at the gate. The
 * limits that need positions or account values at the time (open positions, weight) are not
 * replayed: those figures are not kept per order.
 */
import { centsToString, toCents } from '../../../../kernel/decimal/index.ts'
import {
  firstFailure,
  notionalPerDay,
  orderNotional,
  ordersPerDay,
  ordersPerMinute,
  type CheckResult,
} from './gate-rules.ts'

export interface ReplayOrder {
  id: number
  createdAt: Date
  tradingDay: string
  pricedNotional: string
}

export interface ReplayLimits {
  maxOrdersPerMinute: number | null
  maxOrdersPerDay: number | null
  maxOrderNotional: string | null
  maxNotionalPerDay: string | null
}

const MINUTE_MS = 60_000

/** For each limit check that blocked anything, the ids it blocked, in order. */
export function replayLimits(orders: readonly ReplayOrder[], limits: ReplayLimits): Map<string, number[]> {
  const sorted = [...orders].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)
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
