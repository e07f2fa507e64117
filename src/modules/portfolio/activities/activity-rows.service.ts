/**
 * What the activity routes share: the answer of a stored row, the account rules of every write,
 * the draft of a JSON body, and the list filters.
 */
import type { TenantScope } from '../../../platform/db/index.ts'
import { ConflictError, NotFoundError, UnprocessableError } from '../../../platform/http/errors.ts'
import { findAccount, type AccountRow } from '../accounts/accounts.repository.ts'
import { accountNotFound } from '../accounts/accounts.service.ts'
import { rejectBody, type RuleIssue } from '../lib/rules.ts'
import type { ActivityType } from '../portfolio.tables.ts'
import type { Activity, ActivityFilterInput } from './activities.schemas.ts'
import type { ActivityRow } from './activities.repository.ts'
import type { ActivityFilter } from './ledger.repository.ts'
import { cashEffect } from './lib/effects.ts'
import type { PLACES } from './lib/validate.ts'
import { plainDecimal, validateActivity, type ActivityDraft, type ValidActivity } from './lib/validate.ts'

export const activityNotFound = () => new NotFoundError('activities.not_found', 'Activity not found')

const num = (x: string) => Number(plainDecimal(x) ?? x)

export function toActivity(r: ActivityRow, flowId: number | null): Activity {
  return {
    activity_id: r.id,
    account_id: r.account_id,
    type: r.type,
    date: r.activity_date,
    symbol: r.symbol,
    quantity: r.quantity === null ? null : num(r.quantity),
    price: r.price === null ? null : num(r.price),
    amount: num(r.amount),
    fee: num(r.fee),
    currency: r.currency,
    source: r.source,
    source_id: r.source_id,
    note: r.note,
    cash_effect: num(cashEffect(stored(r))),
    capital_flow_id: flowId,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  }
}

/** A stored row's decimals in plain form ('10.00000000' → '10'). */
export function stored<
  T extends Pick<ActivityRow, 'quantity' | 'price' | 'amount' | 'fee' | 'symbol' | 'type'>,
>(r: T): T & { quantity: string | null; price: string | null; amount: string; fee: string } {
  const p = (x: string | null) => (x === null ? null : (plainDecimal(x) ?? x))
  return { ...r, quantity: p(r.quantity), price: p(r.price), amount: p(r.amount)!, fee: p(r.fee)! }
}

/**
 * The account of a write: the tenant's (404 otherwise) and not archived (409
 * `activities.account_archived`: a closed or disconnected account's ledger is history; reopen it).
 */
export async function writableAccount(s: TenantScope, accountId: number, lock = false): Promise<AccountRow> {
  const account = await findAccount(s, accountId, { lock })
  if (!account) throw accountNotFound()
  if (account.archived_at !== null || account.status !== 'active')
    throw new ConflictError(
      'activities.account_archived',
      'The account is archived (closed, inactive or disconnected): its ledger is kept as history. ' +
        'Reopen it (PATCH /api/accounts/{account_id} with status active) to record activities.',
    )
  return account
}

/** Only people's rows are edited here; a broker's are re-read at every sync (409). */
export function ownedByPerson(r: Pick<ActivityRow, 'source'>): void {
  if (r.source !== 'manual' && r.source !== 'csv')
    throw new ConflictError(
      'activities.broker_owned',
      `This activity comes from the broker (source ${r.source}) and is read again at every sync; ` +
        'correct it at the broker, or record a manual activity beside it.',
    )
}

type Num = number | string | null | undefined

/** A JSON number as a plain decimal string; a number with more places than kept is a 422 of its own. */
function decimal(field: keyof typeof PLACES, x: Num, issues: RuleIssue[]): string | null {
  if (x === null || x === undefined) return null
  return plainDecimal(x) ?? (issues.push({ field, msg: 'is not a finite number', type: 'number' }), null)
}

/** The draft of a body (numbers as decimals); `currency` is the account's when none is given. */
export function draftOf(
  b: {
    type: ActivityType
    date: string
    symbol?: string | null
    quantity?: Num
    price?: Num
    amount?: Num
    fee?: Num
    currency?: string
  },
  accountCurrency: string,
): ActivityDraft {
  const issues: RuleIssue[] = []
  const draft = {
    type: b.type,
    date: b.date,
    symbol: b.symbol ? b.symbol.toUpperCase() : null,
    quantity: decimal('quantity', b.quantity, issues),
    price: decimal('price', b.price, issues),
    amount: decimal('amount', b.amount, issues),
    fee: decimal('fee', b.fee, issues),
    currency: b.currency ?? accountCurrency,
  }
  rejectBody(issues)
  return draft
}

/** The valid row of a draft, or a 422 naming every field that breaks a rule. */
export function validOrReject(d: ActivityDraft, today: string): ValidActivity {
  const { issues, row } = validateActivity(d, today)
  rejectBody(issues)
  return row!
}

/** The list's and the export's filters: account_id and account_ids together narrow to both. */
export function filterOf(q: ActivityFilterInput): ActivityFilter {
  const ids = q.account_ids?.split(',').map(Number)
  const accountIds =
    q.account_id !== undefined ? (ids ? ids.filter((id) => id === q.account_id) : [q.account_id]) : ids
  if (q.from && q.to && q.from > q.to)
    throw UnprocessableError.field(['query', 'from'], `must not be after to (${q.to})`, 'range')
  return {
    ...(accountIds ? { accountIds } : {}),
    ...(q.type ? { types: q.type.split(',') as ActivityType[] } : {}),
    ...(q.symbol ? { symbol: q.symbol.toUpperCase() } : {}),
    ...(q.source ? { source: q.source } : {}),
    ...(q.from ? { from: q.from } : {}),
    ...(q.to ? { to: q.to } : {}),
  }
}
