/**
 * When an order placed through a sandbox reaches the market. Brokers accept orders at any hour but
 * route a regular-session order only while the session is open: one placed on a weekend, a holiday,
 * overnight or after an early close waits for the next open, where it fills. The sandboxes date
 * such fills at that open, never outside a session.
 */
import { isRegularHours, nextOpen } from '../../../kernel/calendar/nyse.ts'

/** `placedAt` itself inside a regular session, else the next session's open (epoch ms). */
export function marketReachedAt(placedAt: number): number {
  const at = new Date(placedAt)
  return isRegularHours(at) ? placedAt : nextOpen(at).getTime()
}
