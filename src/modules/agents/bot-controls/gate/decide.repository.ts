/**
 * SQL of the gate's deciding transaction. Optimistic (the usual path): everything the checks read
 * in one plain select, the day's usage row and its row version (`xmin`) included; then the outcome
 * written in one statement — a pass counted on the usage row only if that row is still the version
 * read (compare and swap), the order inserted only if it was. A row that moved means another order
 * passed (or gave budget back) in between: nothing is written and the caller decides again. Locked
 * (the fallback after repeated misses): the usage row locked first by an upsert, the same reads and
 * writes after it (its version is then this transaction's own).
 */
import { type ExpressionBuilder, sql } from 'kysely'
import { compiledOnce, type Database, type TenantScope } from '../../../../platform/db/index.ts'
import type { AccountOrdersService } from '../../../brokers/index.ts'
import type { Portfolio } from '../../../portfolio/index.ts'
import type { NewOrder, OrderRow, UsageRow } from './orders.repository.ts'
import { holdsBudget } from './orders.repository.ts'

/** The row version a compare and swap checks: changes with every write of the row. */
const version = sql<string>`xmin::text`

/**
 * Today's usage row of the agent, created when missing, locked for the rest of the transaction and
 * answered as it is once the lock is held (a concurrent holder's counters included), with its version.
 */
export const lockUsageDay = (
  s: TenantScope,
  agentId: number,
  day: string,
): Promise<UsageRow & { version: string }> =>
  s.db
    .insertInto('bot_usage_day')
    .values({ tenant_id: s.tenantId, agent_id: agentId, trading_day: day })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'agent_id', 'trading_day'])
        .doUpdateSet({ updated_at: (eb) => eb.ref('excluded.updated_at') }),
    )
    .returningAll()
    .returning(version.as('version'))
    .executeTakeFirstOrThrow()

export interface GateReadsInput {
  agentId: number
  accountId: number
  symbol: string
  clientOrderId: string
  /** Today's New York trading day (the usage row's). */
  day: string
  /** The start of the per-minute window (exclusive). */
  since: Date
  /**
   * The window lies inside `day`, a minute's margin after it included (a concurrent order's clock a
   * little ahead): every order in it is then one of the day's, counted on its usage row.
   */
  windowInDay: boolean
}

/** The other modules' selects the gate's read embeds: each module keeps the SQL of its own tables. */
export interface GateSources {
  /** The portfolio's: the account among the tenant's (`exists`). */
  ownedAccount: Portfolio['ownedAccountQuery']
  /** The brokers': the account's trading route, at most one row (`broker_type`, `external_id`). */
  tradingRoute: AccountOrdersService['routeQuery']
}

/**
 * What the checks read, as one row: the agent (null columns: unknown or archived)
 * and its limits, the order already recorded under the client_order_id, the tenant's threshold and
 * the account's override, the day's usage row (null columns: none yet) and its version, the agent's
 * position in the account's symbol, and — only when their limit is set — its count of open positions
 * and the orders that passed in the last minute. That count is left out (null) when the day's usage
 * already bounds it below the limit (`counts`). With them, from the modules that own those rows,
 * whether the account is the tenant's and its trading route (null columns: none).
 */
export function gateReadsWith(from: GateSources) {
  const read = compiledOnce((s: TenantScope, p: GateReadsInput) => {
    const t = s.tenantId
    return s.db
      .selectFrom(s.db.selectNoFrom(sql<number>`1`.as('one')).as('one'))
      .leftJoin('bot_agent as a', (j) =>
        j.on('a.tenant_id', '=', t).on('a.id', '=', p.agentId).on('a.archived_at', 'is', null),
      )
      .leftJoin('bot_agent_limits as l', (j) => j.on('l.tenant_id', '=', t).onRef('l.agent_id', '=', 'a.id'))
      .leftJoin('bot_usage_day as u', (j) =>
        j.on('u.tenant_id', '=', t).on('u.agent_id', '=', p.agentId).on('u.trading_day', '=', p.day),
      )
      .leftJoinLateral(from.tradingRoute(s.db, t, p.accountId).as('route'), (j) => j.onTrue())
      .select(COLUMNS)
      .select((eb) => [
        eb.exists(from.ownedAccount(s.db, t, p.accountId)).as('account_owned'),
        ...facts(eb, t, p),
        ...counts(eb, t, p),
      ])
  })
  return async (s: TenantScope, p: GateReadsInput) => {
    const [row] = await read(s, p)
    if (!row) throw new Error('the gate read no row')
    return row
  }
}

const COLUMNS = [
  'a.id',
  'a.name',
  'a.enabled',
  'a.trading_state',
  'a.mode',
  'a.allowed_symbols',
  'a.allowed_hours',
  'a.allowed_accounts',
  'a.created_by',
  'l.max_orders_per_day',
  'l.max_notional_per_day',
  'l.max_order_notional',
  'l.max_position_weight',
  'l.max_open_positions',
  'l.max_orders_per_minute',
  'u.orders as usage_orders',
  'u.notional as usage_notional',
  sql<string | null>`u.xmin::text`.as('usage_version'),
  'route.broker_type as route_broker',
  'route.external_id as route_external_id',
] as const

/** The order already recorded under the client_order_id, the thresholds, the agent's position. */
function facts(eb: ExpressionBuilder<GateFrom, 'l' | 'u'>, t: number, p: GateReadsInput) {
  return [
    eb
      .selectFrom('bot_order')
      .select('id')
      .where('tenant_id', '=', t)
      .where('agent_id', '=', p.agentId)
      .where('client_order_id', '=', p.clientOrderId)
      .as('existing_id'),
    eb
      .selectFrom('bot_threshold_override')
      .select('threshold')
      .where('tenant_id', '=', t)
      .where('account_id', '=', p.accountId)
      .as('override_threshold'),
    eb
      .selectFrom('bot_approval_threshold')
      .select('threshold')
      .where('tenant_id', '=', t)
      .as('tenant_threshold'),
    eb
      .selectFrom('bot_position')
      .select('qty')
      .where('tenant_id', '=', t)
      .where('agent_id', '=', p.agentId)
      .where('account_id', '=', p.accountId)
      .where('symbol', '=', p.symbol)
      .where('qty', '<>', '0')
      .as('position'),
  ]
}

/**
 * The open positions and the last minute's passed orders, each counted only when its limit is set.
 * The orders are not counted either when fewer than the limit passed all day and the window lies
 * inside the day: the orders in the window are some of the day's (each holds budget until it gives it
 * back to its day's row), so they are fewer than the limit too, and counting them would cost a visit
 * of every order of the last minute.
 */
function counts(eb: ExpressionBuilder<GateFrom, 'l' | 'u'>, t: number, p: GateReadsInput) {
  // A CASE runs its subquery only on the branch taken.
  return [
    eb
      .case()
      .when('l.max_open_positions', 'is', null)
      .then(null)
      .else(
        eb
          .selectFrom('bot_position')
          .select((c) => c.fn.countAll<string>().as('n'))
          .where('tenant_id', '=', t)
          .where('agent_id', '=', p.agentId)
          .where('qty', '<>', '0'),
      )
      .end()
      .as('open_positions'),
    eb
      .case()
      .when('l.max_orders_per_minute', 'is', null)
      .then(null)
      .when(
        eb.and([
          eb.val(p.windowInDay),
          eb(eb.fn.coalesce('u.orders', eb.lit(0)), '<', eb.ref('l.max_orders_per_minute')),
        ]),
      )
      .then(null)
      .else(
        eb
          .selectFrom('bot_order')
          .select((c) => c.fn.countAll<string>().as('n'))
          .where('tenant_id', '=', t)
          .where('agent_id', '=', p.agentId)
          .where('created_at', '>', p.since)
          .where(holdsBudget),
      )
      .end()
      .as('passed_last_minute'),
  ]
}

type GateFrom = Database & { l: Database['bot_agent_limits']; u: Database['bot_usage_day'] }

/** The columns of a passed order, as newOrder (decide.service.ts) fills them, and its status. */
const PASS_COLUMNS = [
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
  'via',
  'trading_day',
  'created_at',
  'updated_at',
  'status',
] as const

export type PassedOrder = Pick<Required<NewOrder>, (typeof PASS_COLUMNS)[number]> & { trading_day: string }

/**
 * A pass recorded: the usage row counted (orders += 1, notional += `priced`) only if it is still at
 * `seen` (its version when read; null: there was none, so it is created), and the order inserted
 * only if it was. undefined: the row moved, nothing was written. A client_order_id recorded since the
 * read fails the insert (unique violation), and with it the statement.
 */
export async function recordPass(
  s: TenantScope,
  o: PassedOrder,
  priced: string,
  seen: string | null,
): Promise<OrderRow | undefined> {
  return insertedOrder(await insertPass(s, { o, priced, seen }))
}

/** `recordPass`'s statement bound, to be sent alone as its scope's whole work; its rows → `insertedOrder`. */
export const passStatement = (s: TenantScope, o: PassedOrder, priced: string, seen: string | null) =>
  insertPass.bound(s, { o, priced, seen })

/** The order a pass or a rejection inserted (undefined: a pass whose usage row moved wrote nothing). */
export const insertedOrder = ([row]: Array<Omit<OrderRow, 'approval_id'>>): OrderRow | undefined =>
  row && { ...row, approval_id: null }

const insertPass = compiledOnce(
  (s: TenantScope, { o, priced, seen }: { o: PassedOrder; priced: string; seen: string | null }) =>
    s.db
      .with('usage', (db) =>
        db
          .insertInto('bot_usage_day')
          .values({
            tenant_id: s.tenantId,
            agent_id: o.agent_id,
            trading_day: o.trading_day,
            orders: 1,
            notional: priced,
          })
          .onConflict((oc) =>
            oc
              .columns(['tenant_id', 'agent_id', 'trading_day'])
              .doUpdateSet({
                orders: sql<number>`bot_usage_day.orders + 1`,
                notional: sql<string>`bot_usage_day.notional + excluded.notional`,
                updated_at: sql<Date>`now()`,
              })
              .where(sql<boolean>`bot_usage_day.xmin::text = ${seen}`),
          )
          .returning('agent_id'),
      )
      .insertInto('bot_order')
      .columns([...PASS_COLUMNS, 'tenant_id'])
      .expression((eb) =>
        eb
          .selectFrom('usage')
          .select([...PASS_COLUMNS.map((c) => eb.val(o[c]).as(c)), eb.val(s.tenantId).as('tenant_id')]),
      )
      .returningAll(),
)

/**
 * A rejection recorded: the order inserted and rejections[reason] += 1 on the day's usage row
 * (created when missing), in one statement. It spends no budget, so it needs no compare and swap.
 * Compiled, to be sent alone as its scope's whole work; its row → `insertedOrder`.
 */
export const rejectionStatement = (s: TenantScope, o: NewOrder & { trading_day: string }, reason: string) =>
  s.db
    .with('usage', (db) =>
      db
        .insertInto('bot_usage_day')
        .values({
          tenant_id: s.tenantId,
          agent_id: o.agent_id,
          trading_day: o.trading_day,
          rejections: sql`jsonb_build_object(${reason}::text, 1)`,
        })
        .onConflict((oc) =>
          oc.columns(['tenant_id', 'agent_id', 'trading_day']).doUpdateSet({
            rejections: sql`jsonb_set(bot_usage_day.rejections, array[${reason}::text], to_jsonb(coalesce((bot_usage_day.rejections ->> ${reason}::text)::int, 0) + 1))`,
            updated_at: sql<Date>`now()`,
          }),
        )
        .returning('agent_id'),
    )
    .insertInto('bot_order')
    .values({ ...o, tenant_id: s.tenantId })
    .returningAll()
    .compile()

/** Whether `err` is the insert of a client_order_id the agent already used (a concurrent request). */
export function isClientIdTaken(err: unknown): boolean {
  const e = err as { code?: unknown; constraint?: unknown } | null
  return e?.code === '23505' && (e.constraint === undefined || e.constraint === 'bot_order_client_key')
}
