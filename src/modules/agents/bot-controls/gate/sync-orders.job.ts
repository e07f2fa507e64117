/**
 * `bot-controls.sync-orders` (every minute): the open agent orders (`sent`, `partially_filled`) of
 * every tenant brought up to date. Paper orders resting at a limit fill once the quote crosses it;
 * live orders are read back from their broker (one list per account, matched by the broker's order
 * id or, for an order whose placement had no certain answer, by our client order id) and their
 * status, fills and the agent's position follow. Nothing is ever placed again from here.
 */
import { job, type ModuleJob } from '../../../module.ts'
import { brokerClientId, type Route } from './execution.service.ts'
import { gateInternals, type Gate, type GateInternals } from './gate-wiring.service.ts'
import * as repo from './orders.repository.ts'

export const JOB_SYNC_ORDERS = 'bot-controls.sync-orders'
/** Open orders looked at per run (oldest first); the rest wait for the next minute. */
const BATCH = 500
const MINUTE_MS = 60_000

export function gateJobs(api: Pick<Gate, 'orders'>): ModuleJob[] {
  const internals = gateInternals.get(api.orders)
  if (!internals) return []
  return [job(JOB_SYNC_ORDERS, async () => void (await syncOpenOrders(internals)), { cron: '* * * * *' })]
}

/** One pass over the open orders; answers how many were looked at. */
export async function syncOpenOrders(g: GateInternals): Promise<number> {
  const open = await g.scopes.withSystem('bot-controls: open agent orders', (s) => repo.openOrders(s, BATCH))
  const tenants = [...new Set(open.map((o) => o.tenant_id))]
  for (const tenantId of tenants) {
    const ids = open.filter((o) => o.tenant_id === tenantId).map((o) => o.id)
    await syncTenant(g, tenantId, ids).catch((err: unknown) =>
      g.log.warn({ err, tenant_id: tenantId }, 'agent orders: sync failed'),
    )
  }
  return open.length
}

async function syncTenant(g: GateInternals, tenantId: number, ids: number[]): Promise<void> {
  const rows = await g.scopes.withTenant(tenantId, async (s) =>
    (await Promise.all(ids.map((id) => repo.findOrder(s, id)))).filter((r): r is repo.OrderRow => !!r),
  )
  for (const row of rows.filter((r) => r.mode === 'paper')) await g.paper.check(tenantId, row)
  const live = rows.filter((r) => r.mode === 'live')
  for (const accountId of new Set(live.map((r) => r.account_id))) {
    const route = await g.brokers.route(tenantId, accountId)
    if (route)
      await syncAccount(
        g,
        tenantId,
        route,
        live.filter((r) => r.account_id === accountId),
      )
  }
}

async function syncAccount(
  g: GateInternals,
  tenantId: number,
  route: Route,
  rows: repo.OrderRow[],
): Promise<void> {
  const oldest = Math.min(...rows.map((r) => new Date(r.created_at).getTime()))
  const listed = await g.brokers.list(tenantId, route, {
    status: 'all',
    after: new Date(oldest - MINUTE_MS).toISOString(),
    limit: 500,
    direction: 'asc',
  })
  for (const row of rows) {
    const found =
      listed.find((b) => row.broker_order_id !== null && b.id === row.broker_order_id) ??
      listed.find((b) => b.clientOrderId === brokerClientId(row))
    if (found) await g.execution.apply(tenantId, row.id, route.broker, found)
  }
}
