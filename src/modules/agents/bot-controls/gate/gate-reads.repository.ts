/**
 * The gate's one leading read: everything the checks need about an order, as one row of one select
 * (the agent and its limits, the day's usage row and its version, the client_order_id already used,
 * the thresholds, the agent's positions, a reducing agent's open orders on the order's side, a
 * weight-limited buy's open and held buys, and the last minute's orders), with the account's facts from the modules that own them embedded as their
 * own selects.
 */
import { type ExpressionBuilder, type Kysely, sql } from 'kysely'
import { compiledOnce, type Database, type TenantScope } from '../../../../platform/db/index.ts'
import type { AccountOrdersService } from '../../../brokers/index.ts'
import type { Portfolio } from '../../../portfolio/index.ts'
import { holdsBudget, openOrHeldBuysValueQuery, openOrHeldOnSideQuery } from './orders.repository.ts'

export interface GateReadsInput {
  agentId: number
  accountId: number
  symbol: string
  side: 'buy' | 'sell'
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
  /** The order's reference price (its limit price, else the quote; null: none): open market buys are valued at it. */
  price: string | null
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
 * position in the account's symbol and, only when the agent is reducing, what its open orders on
 * the order's side there already close, only for a buy under a position weight limit the value of
 * its open and held buys there, and — only when their limit is set — its count of open positions
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
        closing(eb, s.db, t, p),
        buying(eb, s.db, t, p),
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

/**
 * A reducing agent's open orders (sent, partially filled, held) on the order's side of the account's
 * symbol: what they may still trade, which the order must leave room for. Read only when the agent
 * is reducing, so an active agent's order pays nothing for it.
 */
function closing(eb: ExpressionBuilder<GateFrom, 'a'>, db: Kysely<Database>, t: number, p: GateReadsInput) {
  return eb
    .case()
    .when('a.trading_state', '=', 'reducing')
    .then(openOrHeldOnSideQuery(db, t, p))
    .else(null)
    .end()
    .as('closing')
}

/**
 * A buy under a position weight limit: the value of the agent's open and held buys of the account's
 * symbol (at their limit price, else the order's), which the weight counts beside the holdings.
 * Each of them passed and moved the usage row, so parallel buys are judged by the compare and swap
 * on it. Read only then, so any other order pays nothing for it.
 */
function buying(eb: ExpressionBuilder<GateFrom, 'l'>, db: Kysely<Database>, t: number, p: GateReadsInput) {
  return eb
    .case()
    .when('l.max_position_weight', 'is', null)
    .then(null)
    .when(sql<boolean>`${p.side}::text <> 'buy'`)
    .then(null)
    .else(openOrHeldBuysValueQuery(db, t, p))
    .end()
    .as('buying')
}

type GateFrom = Database & {
  a: Database['bot_agent']
  l: Database['bot_agent_limits']
  u: Database['bot_usage_day']
}
