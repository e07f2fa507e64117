/**
 * SQL for the approval queue: `bot_approval`, the held `bot_order` it is bound to, and the agent's
 * name and creator. Locking an order and giving its budget back to `bot_usage_day` are the gate's
 * (gate/orders.repository.ts), so both paths count usage the same way. Every query takes the scope first.
 */
import { sql, type Selectable } from 'kysely'
import { oneOf, type SystemScope, type TenantScope } from '../../../../platform/db/index.ts'
import type { ApprovalStatus, BotApprovalTable, BotOrderStatus, BotOrderTable } from '../orders.tables.ts'

export type ApprovalRow = Selectable<BotApprovalTable>
/** Written into the statement, so a cached plan can use the pending approvals' partial indexes (`oneOf`). */
const isPending = oneOf('status', ['pending'])
export type OrderRow = Selectable<BotOrderTable>
export interface ApprovalItem {
  approval: ApprovalRow
  order: OrderRow
  agentName: string
}

export interface NewApproval {
  order_id: number
  agent_id: number
  order_hash: string
  band_low: string | null
  band_high: string | null
  expires_at: Date
}

export const insertApproval = (s: TenantScope, a: NewApproval, now: Date) =>
  s.db
    .insertInto('bot_approval')
    .values({ ...a, tenant_id: s.tenantId, status: 'pending', created_at: now })
    .returningAll()
    .executeTakeFirstOrThrow()

/** The approval, locked for the rest of the transaction (decisions and expiry serialise on it). */
export const lockApproval = (s: TenantScope, id: number) =>
  s.db
    .selectFrom('bot_approval')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst()

export const setDecision = (
  s: TenantScope,
  id: number,
  d: {
    status: ApprovalStatus
    decided_by?: number | null
    decided_at?: Date | null
    decision_note?: string | null
  },
) =>
  s.db
    .updateTable('bot_approval')
    .set(d)
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()

/** Closes a held order (rejected or expired) with its reason. */
export const closeOrder = (
  s: TenantScope,
  id: number,
  o: { status: BotOrderStatus; reason: string; detail: string | null },
  now: Date,
) =>
  s.db
    .updateTable('bot_order')
    .set({ status: o.status, reject_reason: o.reason, reject_detail: o.detail, updated_at: now })
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .execute()

/** The agent's name and the user who created it (whom approval requests go to). */
export const agentOf = (s: TenantScope, agentId: number) =>
  s.db
    .selectFrom('bot_agent')
    .select(['name', 'created_by'])
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', agentId)
    .executeTakeFirst()

const joined = (s: TenantScope) =>
  s.db
    .selectFrom('bot_approval as a')
    .innerJoin('bot_order as o', (j) =>
      j.onRef('o.tenant_id', '=', 'a.tenant_id').onRef('o.id', '=', 'a.order_id'),
    )
    .leftJoin('bot_agent as g', (j) =>
      j.onRef('g.tenant_id', '=', 'a.tenant_id').onRef('g.id', '=', 'a.agent_id'),
    )
    .where('a.tenant_id', '=', s.tenantId)

function toItem(r: Record<string, unknown>): ApprovalItem {
  const approval: Record<string, unknown> = {}
  const order: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(r)) {
    if (k.startsWith('a__')) approval[k.slice(3)] = v
    else if (k.startsWith('o__')) order[k.slice(3)] = v
  }
  return {
    approval: approval as ApprovalRow,
    order: order as OrderRow,
    agentName: (r.agent_name as string | null) ?? '',
  }
}

const APPROVAL_COLS = [
  'id',
  'tenant_id',
  'order_id',
  'agent_id',
  'order_hash',
  'band_low',
  'band_high',
  'status',
  'expires_at',
  'decided_by',
  'decided_at',
  'decision_note',
  'created_at',
] as const
const ORDER_COLS = [
  'id',
  'tenant_id',
  'agent_id',
  'account_id',
  'client_order_id',
  'symbol',
  'side',
  'qty',
  'notional',
  'order_type',
  'limit_price',
  'time_in_force',
  'mode',
  'priced_notional',
  'reference_price',
  'status',
  'reject_reason',
  'reject_detail',
  'broker',
  'broker_order_id',
  'filled_qty',
  'filled_avg_price',
  'via',
  'trading_day',
  'created_at',
  'updated_at',
] as const

const columns = () => [
  ...APPROVAL_COLS.map((c) => sql.ref(`a.${c}`).as(`a__${c}`)),
  ...ORDER_COLS.map((c) => sql.ref(`o.${c}`).as(`o__${c}`)),
  sql.ref('g.name').as('agent_name'),
]

export async function findItem(s: TenantScope, id: number): Promise<ApprovalItem | undefined> {
  const r = await joined(s).select(columns()).where('a.id', '=', id).executeTakeFirst()
  return r ? toItem(r) : undefined
}

/** A page of approvals, newest first. */
export async function listItems(
  s: TenantScope,
  status: ApprovalStatus | undefined,
  offset: number,
  limit: number,
): Promise<ApprovalItem[]> {
  let q = joined(s).select(columns())
  if (status) q = q.where('a.status', '=', status)
  const rows = await q
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute()
  return rows.map(toItem)
}

export async function countItems(s: TenantScope, status: ApprovalStatus | undefined): Promise<number> {
  let q = s.db.selectFrom('bot_approval').where('tenant_id', '=', s.tenantId)
  if (status) q = q.where('status', '=', status)
  const r = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()
  return Number(r.n)
}

/** This tenant's pending approvals past their expiry, locked (oldest first). */
export const lockDue = (s: TenantScope, now: Date, limit: number) =>
  s.db
    .selectFrom('bot_approval')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where(isPending)
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .forUpdate()
    .execute()

/** The agent's pending approvals, locked, oldest first (archiving the agent closes them all). */
export const lockPendingOf = (s: TenantScope, agentId: number) =>
  s.db
    .selectFrom('bot_approval')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('agent_id', '=', agentId)
    .where(isPending)
    .orderBy('id')
    .forUpdate()
    .execute()

/** The tenants with pending approvals past their expiry (the expiry job, across tenants). */
export async function tenantsWithDue(s: SystemScope, now: Date, limit: number): Promise<number[]> {
  const rows = await s.db
    .selectFrom('bot_approval')
    .select('tenant_id')
    .distinct()
    .where(isPending)
    .where('expires_at', '<=', now)
    .limit(limit)
    .execute()
  return rows.map((r) => Number(r.tenant_id))
}
