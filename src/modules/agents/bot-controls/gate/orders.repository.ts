/**
 * SQL of the gate: agent orders, the usage row of each New York trading day (the row every pass
 * is counted on, decide.repository.ts), and the positions the fills build. Every query takes the
 * tenant scope and filters by tenant_id.
 */
import { type ExpressionBuilder, type Insertable, type Kysely, sql, type Selectable } from 'kysely'
import {
  compiledOnce,
  oneOf,
  type Database,
  type SystemScope,
  type TenantScope,
} from '../../../../platform/db/index.ts'
import type { BotOrderStatus, BotOrderTable, BotUsageDayTable } from '../orders.tables.ts'

export type OrderRow = Selectable<BotOrderTable> & { approval_id: number | null }
export type UsageRow = Selectable<BotUsageDayTable>
export type NewOrder = Omit<Insertable<BotOrderTable>, 'tenant_id'>

/** The reason a held order withdrawn before approval carries (it never reached a broker). */
export const WITHDRAWN = 'order.withdrawn'

/** The statuses in which an order has given its budget back (or never took any). */
const BUDGET_GIVEN_BACK: BotOrderStatus[] = ['rejected', 'broker_rejected', 'expired']

/**
 * Whether an order still holds the budget it took when it passed: not rejected (by the gate or the
 * broker), not expired, and not withdrawn before approval (a canceled order without that reason was
 * sent, and keeps it). The per-minute window counts these.
 */
export const holdsBudget = (eb: ExpressionBuilder<Database, 'bot_order'>) =>
  eb.and([
    eb('bot_order.status', 'not in', BUDGET_GIVEN_BACK),
    eb('bot_order.reject_reason', 'is distinct from', WITHDRAWN),
  ])

/** `holdsBudget` of an order already read (the threshold preview replays these). */
export const orderHoldsBudget = (o: Pick<OrderRow, 'status' | 'reject_reason'>): boolean =>
  !BUDGET_GIVEN_BACK.includes(o.status) && o.reject_reason !== WITHDRAWN

export const OPEN_STATUSES: BotOrderStatus[] = ['sent', 'partially_filled']
/** Written into the statement, so a cached plan can use the open orders' partial index (`oneOf`). */
const isOpen = oneOf('status', OPEN_STATUSES)

/** A read of today's usage without locking (the simulation). */
export const usageDay = (s: TenantScope, agentId: number, day: string) =>
  s.db
    .selectFrom('bot_usage_day')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('agent_id', '=', agentId)
    .where('trading_day', '=', day)
    .executeTakeFirst()

/** orders += 1 and notional += `notional` (a pass), or the reverse with `sign` −1 (budget given back). */
export const addUsage = (s: TenantScope, agentId: number, day: string, notional: string, sign: 1 | -1) =>
  s.db
    .updateTable('bot_usage_day')
    .set({
      orders: sql<number>`greatest(orders + ${sign}, 0)`,
      notional: sql<string>`greatest(notional + ${sign} * ${notional}::numeric, 0)`,
      updated_at: sql<Date>`now()`,
    })
    .where('tenant_id', '=', s.tenantId)
    .where('agent_id', '=', agentId)
    .where('trading_day', '=', day)
    .execute()

/** rejections[reason] += 1 on the day's row (created when missing). */
export async function addRejection(s: TenantScope, agentId: number, day: string, reason: string) {
  await s.db
    .insertInto('bot_usage_day')
    .values({ tenant_id: s.tenantId, agent_id: agentId, trading_day: day })
    .onConflict((oc) => oc.doNothing())
    .execute()
  await countRejection(s, agentId, day, reason)
}

/** rejections[reason] += 1 on the day's row, which exists (the gate holds its lock). */
export async function countRejection(s: TenantScope, agentId: number, day: string, reason: string) {
  await s.db
    .updateTable('bot_usage_day')
    .set({
      rejections: sql`jsonb_set(rejections, array[${reason}::text], to_jsonb(coalesce((rejections ->> ${reason}::text)::int, 0) + 1))`,
      updated_at: sql<Date>`now()`,
    })
    .where('tenant_id', '=', s.tenantId)
    .where('agent_id', '=', agentId)
    .where('trading_day', '=', day)
    .execute()
}

const orders = (s: TenantScope) =>
  s.db
    .selectFrom('bot_order as o')
    .leftJoin('bot_approval as a', (j) =>
      j.onRef('a.tenant_id', '=', 'o.tenant_id').onRef('a.order_id', '=', 'o.id'),
    )
    .selectAll('o')
    .select('a.id as approval_id')
    .where('o.tenant_id', '=', s.tenantId)

export const findOrder = (s: TenantScope, id: number): Promise<OrderRow | undefined> =>
  orders(s).where('o.id', '=', id).executeTakeFirst()

/** The agent's order recorded under `clientOrderId`, if any (the simulation of a used key). */
export const findByClientId = (
  s: TenantScope,
  agentId: number,
  clientOrderId: string,
): Promise<OrderRow | undefined> =>
  orders(s)
    .where('o.agent_id', '=', agentId)
    .where('o.client_order_id', '=', clientOrderId)
    .executeTakeFirst()

/** The order, locked (cancel and the sending of an approved order take turns with the fills job). */
export const lockOrder = (s: TenantScope, id: number) =>
  s.db
    .selectFrom('bot_order')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst()

export type OrderPatch = Partial<
  Pick<
    Selectable<BotOrderTable>,
    | 'status'
    | 'reject_reason'
    | 'reject_detail'
    | 'broker'
    | 'broker_order_id'
    | 'filled_qty'
    | 'filled_avg_price'
  >
>

export const updateOrder = (s: TenantScope, id: number, patch: OrderPatch) =>
  s.db
    .updateTable('bot_order')
    .set({ ...patch, updated_at: sql<Date>`now()` })
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .execute()

/** `updateOrder` answering the order as it now is. */
export const updateOrderReturning = (s: TenantScope, id: number, patch: OrderPatch) =>
  s.db
    .updateTable('bot_order')
    .set({ ...patch, updated_at: sql<Date>`now()` })
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()

/** What the broker's answer sets on an order. */
export interface BrokerPatch {
  status: BotOrderStatus
  broker: string
  broker_order_id: string
  filled_qty: string
  filled_avg_price: string | null
}

/**
 * `updateOrderReturning` on an order that is still open and whose recorded fills are `filled_qty`
 * already (the broker's answer moves no fill): one statement, the UPDATE taking the row lock,
 * compiled once (`compiledOnce`: it runs for every order sent), and bound here to be sent
 * alone as its scope's whole work. It answers no row when the order is no longer open or a fill moved.
 */
export const openUnfilledStatement = (s: TenantScope, id: number, patch: BrokerPatch) =>
  applyUnfilled.bound(s, { id, patch })

const applyUnfilled = compiledOnce((s: TenantScope, { id, patch }: { id: number; patch: BrokerPatch }) =>
  s.db
    .updateTable('bot_order')
    .set({
      status: patch.status,
      broker: patch.broker,
      broker_order_id: patch.broker_order_id,
      filled_qty: patch.filled_qty,
      filled_avg_price: patch.filled_avg_price,
      updated_at: sql<Date>`now()`,
    })
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .where(isOpen)
    .where('filled_qty', '=', patch.filled_qty)
    .returningAll(),
)

/** Orders of the agent that passed the gate since `since` (the per-minute window). */
export async function passedSince(s: TenantScope, agentId: number, since: Date): Promise<number> {
  const row = await s.db
    .selectFrom('bot_order')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', s.tenantId)
    .where('agent_id', '=', agentId)
    .where('created_at', '>', since)
    .where(holdsBudget)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** The agent's nonzero positions (account and symbol, net quantity). */
export const positions = (s: TenantScope, agentId: number) =>
  s.db
    .selectFrom('bot_position')
    .select(['account_id', 'symbol', 'qty'])
    .where('tenant_id', '=', s.tenantId)
    .where('agent_id', '=', agentId)
    .where('qty', '<>', '0')
    .execute()

/** The agent's net quantity in one account's symbol ('0' when it holds none there). */
export async function positionIn(
  s: TenantScope,
  p: { agentId: number; accountId: number; symbol: string },
): Promise<string> {
  const row = await s.db
    .selectFrom('bot_position')
    .select('qty')
    .where('tenant_id', '=', s.tenantId)
    .where('agent_id', '=', p.agentId)
    .where('account_id', '=', p.accountId)
    .where('symbol', '=', p.symbol)
    .executeTakeFirst()
  return row?.qty ?? '0'
}

/** Orders that may still trade: open at the broker, or held for approval. */
export const OPEN_OR_HELD: BotOrderStatus[] = [...OPEN_STATUSES, 'pending_approval']

export interface SideOf {
  agentId: number
  accountId: number
  symbol: string
  side: 'buy' | 'sell'
}

/**
 * An order's quantity not yet filled; a notional order's taken at the price the gate priced it at, to
 * 9 decimals, as the gate judges it. Qualified: the gate's read embeds it beside tables with columns
 * of the same names.
 */
const unfilled = sql<string>`greatest(coalesce(bot_order.qty,
  round(bot_order.notional / bot_order.reference_price, 9)) - bot_order.filled_qty, 0)`

/**
 * What the agent's open or held orders on one side of an account's symbol may still trade, as one
 * row (`qty`, 0 when none).
 */
export const openOrHeldOnSideQuery = (db: Kysely<Database>, tenantId: number, p: SideOf) =>
  db
    .selectFrom('bot_order')
    .select(sql<string>`coalesce(sum(${unfilled}), 0)`.as('qty'))
    .where('tenant_id', '=', tenantId)
    .where('agent_id', '=', p.agentId)
    .where('account_id', '=', p.accountId)
    .where('symbol', '=', p.symbol)
    .where('side', '=', p.side)
    .where('status', 'in', OPEN_OR_HELD)

/**
 * The value of the agent's open or held buys of an account's symbol, what they may still buy: each
 * at its limit price, a market order at `price` (the price the order being judged is priced at), as
 * one row (`value`, 0 when none). What the position weight limit counts beside the holdings.
 */
export const openOrHeldBuysValueQuery = (
  db: Kysely<Database>,
  tenantId: number,
  p: Omit<SideOf, 'side'> & { price: string | null },
) =>
  db
    .selectFrom('bot_order')
    .select(
      sql<string>`coalesce(sum(${unfilled} * coalesce(bot_order.limit_price, ${p.price}::numeric)), 0)`.as(
        'value',
      ),
    )
    .where('tenant_id', '=', tenantId)
    .where('agent_id', '=', p.agentId)
    .where('account_id', '=', p.accountId)
    .where('symbol', '=', p.symbol)
    .where('side', '=', 'buy')
    .where('status', 'in', OPEN_OR_HELD)

/** `openOrHeldBuysValueQuery` run (the simulation). */
export const openOrHeldBuysValue = async (
  s: TenantScope,
  p: Omit<SideOf, 'side'> & { price: string | null },
): Promise<string> => (await openOrHeldBuysValueQuery(s.db, s.tenantId, p).executeTakeFirstOrThrow()).value

/**
 * The quantity the agent's open or held orders on one side of an account's symbol may still trade;
 * `except`: an order left out (the held order an approval is deciding).
 */
export const openOrHeldOnSide = async (s: TenantScope, p: SideOf, except?: number): Promise<string> => {
  const q = openOrHeldOnSideQuery(s.db, s.tenantId, p)
  return (await (except === undefined ? q : q.where('id', '<>', except)).executeTakeFirstOrThrow()).qty
}

/** Adds `delta` (a fill: + bought, − sold) to the agent's position in the account's symbol. */
export const addPosition = (
  s: TenantScope,
  p: { agentId: number; accountId: number; symbol: string; delta: string },
) =>
  s.db
    .insertInto('bot_position')
    .values({
      tenant_id: s.tenantId,
      agent_id: p.agentId,
      account_id: p.accountId,
      symbol: p.symbol,
      qty: p.delta,
    })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'agent_id', 'account_id', 'symbol'])
        .doUpdateSet({ qty: sql`bot_position.qty + excluded.qty`, updated_at: sql<Date>`now()` }),
    )
    .execute()

/** Whether the tenant has or had this agent: an archived agent's order log stays readable. */
export async function agentKnown(s: TenantScope, agentId: number): Promise<boolean> {
  const row = await s.db
    .selectFrom('bot_agent')
    .select('id')
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', agentId)
    .executeTakeFirst()
  return row !== undefined
}

export interface OrderFilter {
  agentId?: number
  status?: BotOrderStatus
}

export const listOrders = (s: TenantScope, f: OrderFilter, offset: number, limit: number) => {
  let q = orders(s)
  if (f.agentId !== undefined) q = q.where('o.agent_id', '=', f.agentId)
  if (f.status) q = q.where('o.status', '=', f.status)
  return q.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').offset(offset).limit(limit).execute()
}

export async function countOrders(s: TenantScope, f: OrderFilter): Promise<number> {
  let q = s.db
    .selectFrom('bot_order')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', s.tenantId)
  if (f.agentId !== undefined) q = q.where('agent_id', '=', f.agentId)
  if (f.status) q = q.where('status', '=', f.status)
  return Number((await q.executeTakeFirstOrThrow()).n)
}

/** The open orders of every tenant (the fills job), oldest first. */
export const openOrders = (s: SystemScope, limit: number) =>
  s.db.selectFrom('bot_order').select(['tenant_id', 'id']).where(isOpen).orderBy('id').limit(limit).execute()

/** A pending approval of a canceled order is closed with it. */
/**
 * The order's approval, if it has one, locked. Taken before the order's own lock, in the order
 * deciding an approval takes them, so a cancel racing a decision waits for it instead of deadlocking.
 */
export const lockApprovalOf = (s: TenantScope, orderId: number) =>
  s.db
    .selectFrom('bot_approval')
    .select('id')
    .where('tenant_id', '=', s.tenantId)
    .where('order_id', '=', orderId)
    .forUpdate()
    .execute()

/**
 * The approval of a held order withdrawn: rejected with `note`. An approval already approved whose
 * order is still held (its send not begun: a withdrawal got in first, or a crash in between) is
 * closed too, so no approval is left approved for an order that was never sent.
 */
export const closeApproval = (s: TenantScope, orderId: number, note: string) =>
  s.db
    .updateTable('bot_approval')
    .set({ status: 'rejected', decided_at: sql<Date>`now()`, decision_note: note })
    .where('tenant_id', '=', s.tenantId)
    .where('order_id', '=', orderId)
    .where('status', 'in', ['pending', 'approved'])
    .execute()
