/**
 * The life of a support case. `open`: support has to act. `pending`: support answered and waits
 * on the customer. `resolved`: support considers it solved; the customer may still reply.
 * `closed`: final, no more comments or changes.
 *
 * Who moves it:
 * - a customer's comment on a `pending` or `resolved` case reopens it (`open`); on `open` it stays;
 * - a support agent's public reply on an `open` case makes it `pending` (an internal note changes nothing);
 * - an agent sets any status `ALLOWED` names; anything else is refused with the allowed ones named.
 */

export const CASE_STATUSES = ['open', 'pending', 'resolved', 'closed'] as const
export type CaseStatus = (typeof CASE_STATUSES)[number]

/** The statuses an agent may set from each status (setting the current one is a no-op). */
export const ALLOWED: Readonly<Record<CaseStatus, readonly CaseStatus[]>> = {
  open: ['pending', 'resolved', 'closed'],
  pending: ['open', 'resolved', 'closed'],
  resolved: ['open', 'closed'],
  closed: [],
}

/** Whether an agent may move a case from `from` to `to` (the same status: yes, nothing changes). */
export const canSet = (from: CaseStatus, to: CaseStatus): boolean => from === to || ALLOWED[from].includes(to)

/** Whether anyone may still comment: every status but `closed`. */
export const acceptsComments = (status: CaseStatus): boolean => status !== 'closed'

/** The status after a comment: the customer reopens, a public support reply waits on the customer. */
export function afterComment(status: CaseStatus, by: 'customer' | 'support', isPublic: boolean): CaseStatus {
  if (status === 'closed') return status
  if (by === 'customer') return 'open'
  return isPublic && status === 'open' ? 'pending' : status
}
