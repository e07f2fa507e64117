/**
 * The scheduled evaluation (`alerts.evaluate`): every EVALUATE_EVERY_MINUTES of 09:00–16:59 New York
 * on weekdays, while a session is trading (pre, regular or post), the quotes of every symbol an
 * enabled rule names and the other sources (signals, options flow, earnings, filings, drawdown).
 */
import { sessionAt } from '../../../kernel/calendar/nyse.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { EventsService } from './events.service.ts'
import type { QuotesService } from './quotes.service.ts'

export const JOB_ALERTS_EVALUATE = 'alerts.evaluate'
export const EVALUATE_EVERY_MINUTES = 5
export const EVALUATE_CRON = `*/${EVALUATE_EVERY_MINUTES} 9-16 * * 1-5`

export async function evaluateScheduled(deps: {
  clock: Clock
  quotes: Pick<QuotesService, 'evaluate'>
  events: Pick<EventsService, 'evaluate'>
}): Promise<{ fired: number[] } | { skipped: 'market closed' }> {
  if (sessionAt(deps.clock.now()) === 'closed') return { skipped: 'market closed' }
  const fired = [...(await deps.quotes.evaluate()), ...(await deps.events.evaluate())]
  return { fired }
}
