/**
 * SQL of the gate's deciding transaction. Optimistic (the usual path): everything the checks read
 * in one plain select (gate-reads.repository.ts), the day's usage row and its row version (`xmin`)
 * included; then the outcome written in one statement — a pass counted on the usage row only if that
 * row is still the version read (compare and swap), the order inserted only if it was. A row that
 * moved means another order passed (or gave budget back) in between: nothing is written and the
 * caller decides again. Locked (the fallback after repeated misses): the usage row locked first by an
 * upsert, the same reads and writes after it (its version is then this transaction's own).
 */
import { sql } from 'kysely'
import { compiledOnce, type TenantScope } from '../../../../platform/db/index.ts'
import type { NewOrder, OrderRow, UsageRow } from './orders.repository.ts'

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
  'can_execute',
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
