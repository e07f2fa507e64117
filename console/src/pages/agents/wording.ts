/**
 * Plain words for the API's 422 on the agents area's fields, and for the statuses its lists and
 * filters show. The API's own messages are written for a program sending JSON ("a decimal string…
 * send numbers as strings"); a person typing in a field needs what to type. The error's `type` (the
 * rule that failed) tells the common cases apart; any other keeps the API's message.
 */
import type { FieldError } from '../../api/problem.ts'

const when =
  (types: readonly string[], words: string) =>
  (e: FieldError): string | undefined =>
    types.includes(e.type) ? words : undefined

/** An amount in USD (a limit, a threshold): a union with null, a pattern or a wrong type. */
export const moneyWording = when(
  ['anyOf', 'pattern', 'type'],
  'Enter an amount of 0 or more, with at most 2 decimals',
)

/** A count (orders, positions): not a whole number, or below 0. */
export const countWording = when(['anyOf', 'type', 'minimum'], 'Enter a whole number of 0 or more')

/** A position's weight in the account, a fraction. */
export const weightWording = when(
  ['anyOf', 'pattern', 'type'],
  'Enter a fraction from 0 to 1, with at most 6 decimals (0.25 is 25 %)',
)

/** A name left blank fails two rules (empty, and blank once trimmed): one message for both. */
export const nameWording = (e: FieldError): string | undefined =>
  e.type === 'minLength' || e.type === 'required' || (e.type === 'pattern' && /blank/.test(e.msg))
    ? 'Enter a name'
    : undefined

/** The statuses whose API word does not read well once capitalised. */
const STATUS_LABELS: Record<string, string> = {
  broker_rejected: 'Refused by the broker',
  partially_filled: 'Partly filled',
}

/**
 * An order's or an approval's status as a person reads it in a list or a filter: "pending_approval"
 * → "Pending approval", "broker_rejected" → "Refused by the broker".
 */
export const statusLabel = (status: string): string =>
  STATUS_LABELS[status] ?? status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, ' ')

/** Why the preview says an order would wait, in plain words (the API's `held_because`). */
export const HELD_BECAUSE_LABELS: Record<'threshold' | 'no_execute_scope', string> = {
  threshold: 'Worth more than the threshold',
  no_execute_scope: 'Its agent’s key may only propose orders, so every order waits',
}
