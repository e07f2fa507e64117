/**
 * Agent orders: `place` runs the gate (decide.service.ts) optimistically — the facts read without a
 * lock, the pass counted on the agent's usage row of today's New York trading day only if that row
 * has not moved since — and decides again when it has (another order of the agent was counted in
 * between), taking the row's lock after OPTIMISTIC_TRIES misses, so concurrent orders of one agent
 * cannot overshoot a limit and each request ends. A client_order_id is unique per agent: a
 * concurrent request's insert of the same one fails and the next try finds it (same request: the
 * recorded order again; another request: 409). Every outcome is recorded (rejected with its reason,
 * held, sent); sending happens after the commit (execution.service.ts). `simulate` runs the same
 * checks read-only.
 */
import type { CompiledQuery } from 'kysely'
import type { Logger } from 'pino'
import type { Clock } from '../../../../platform/clock.ts'
import type { Scopes, TenantScope } from '../../../../platform/db/index.ts'
import { ConflictError } from '../../../../platform/http/errors.ts'
import { orderHash } from '../lib/order-hash.ts'
import { isClientIdTaken } from './decide.repository.ts'
import { decide, type DecideInput, type Decided, type InTenant } from './decide.service.ts'
import type { ExecutionService } from './execution.service.ts'
import type { FactsService } from './facts.service.ts'
import type { ApprovalHold, GateFacts, GateReaders, OrderActor } from './gate.service.ts'
import type { PricingService } from './pricing.service.ts'
import { actorContext, agentNotFound, normalize, orderNotFound } from './order-input.service.ts'
import * as repo from './orders.repository.ts'
import * as S from './orders.schemas.ts'
import { simulate, usedKey } from './simulate.service.ts'
import { toView } from './order-view.service.ts'

export interface OrdersDeps {
  scopes: Scopes
  clock: Clock
  log: Logger
  readers: GateReaders
  approvals: ApprovalHold
  facts: FactsService
  execution: ExecutionService
  pricing: PricingService
}

/** Optimistic tries before the gate takes the usage row's lock (each miss means another order counted). */
const OPTIMISTIC_TRIES = 3
/** A client_order_id taken meanwhile costs a try more; past this something else is wrong. */
const MAX_TRIES = 6

const notCancelable = (status: string) =>
  new ConflictError('bot.order_not_cancelable', `The order is ${status}: it can no longer be canceled`)

/** The same request as the recorded order: the same terms (order hash) and time in force. */
function sameRequest(row: repo.OrderRow, b: S.AgentOrderInputBody): boolean {
  const asked = {
    account_id: b.account_id,
    symbol: b.symbol,
    side: b.side,
    qty: b.qty ?? null,
    notional: b.notional ?? null,
    order_type: b.type,
    limit_price: b.limit_price ?? null,
  }
  // An omitted time in force is the default one: a retry that leaves it out is the same request.
  const timeInForce = b.time_in_force ?? S.DEFAULT_TIME_IN_FORCE
  return orderHash(row) === orderHash(asked) && row.time_in_force === timeInForce
}

export class AgentOrdersService {
  constructor(private readonly deps: OrdersDeps) {}

  async place(
    actor: OrderActor,
    agentId: number,
    input: S.AgentOrderInputBody,
    via: 'rest' | 'mcp' | 'console',
  ): Promise<{ order: S.AgentOrderViewOut; replayed: boolean }> {
    const who = actorContext(actor, agentId, 'propose')
    const order = normalize(input)
    const replay = (row: repo.OrderRow) => {
      if (!sameRequest(row, input))
        throw new ConflictError(
          'bot.client_order_id_conflict',
          `client_order_id ${input.client_order_id} was used for another order (${row.id})`,
          { extra: { order_id: row.id } },
        )
      return { order: toView(row), replayed: true }
    }
    // A market order's quote is asked before the lock (never a provider call inside it).
    const quote = order.type === 'market' ? await this.deps.pricing.quote(order.symbol) : null
    let valuation: GateFacts['valuation'] | undefined
    const now = this.deps.clock.now()
    const run = () =>
      this.decide(who.tenantId, {
        ...this.deps,
        agentId,
        order,
        quote,
        valuation,
        now,
        canExecute: who.canExecute,
        via,
        connectionAhead: (route) => this.deps.execution.connectionAhead(who.tenantId, route),
      })
    let done = await run()
    if ('valuationNeeded' in done) {
      // The weight limit needs the account valued (quotes, rates): outside the lock, then the gate again.
      valuation = await this.deps.facts.valuation(who, order)
      done = await run()
    }
    if ('valuationNeeded' in done) throw new Error('the gate asked twice for a valuation')
    if ('existing' in done) return replay(done.existing)
    // Committed: only now may the approval's notification be queued.
    if (done.row.approval_id !== null) await this.deps.approvals.announce(who.tenantId, done.row.approval_id)
    const row =
      done.row.status === 'sent'
        ? await this.deps.execution.send(who.tenantId, done.row, {
            quote,
            route: done.route,
            connection: done.connection,
          })
        : done.row
    return { order: toView(row), replayed: false }
  }

  async simulate(
    actor: OrderActor,
    agentId: number,
    input: S.SimulateInputBody,
  ): Promise<S.SimulationViewOut> {
    const who = actorContext(actor, agentId, 'propose')
    const order = normalize(input)
    // A used key first, as placing looks it up first (an archived agent's too).
    const key = input.client_order_id
    if (key !== undefined) {
      const same = (row: repo.OrderRow) => sameRequest(row, { ...input, client_order_id: key })
      const used = await this.tx(who.tenantId, (s) => usedKey(s, { agentId, clientOrderId: key, same }))
      if (used) return used
    }
    const policy = await this.tx(who.tenantId, (s) => this.deps.readers.policy.read(s, agentId))
    if (!policy) throw agentNotFound()
    const [quote, valuation] = await Promise.all([
      order.type === 'market' ? this.deps.pricing.quote(order.symbol) : Promise.resolve(null),
      order.side === 'buy' ? this.deps.facts.valuation(who, order) : Promise.resolve(null),
    ])
    const now = this.deps.clock.now()
    return this.tx(who.tenantId, (s) =>
      simulate(s, {
        ...this.deps,
        agentId,
        order,
        quote,
        valuation,
        now,
        canExecute: who.canExecute,
        policy,
      }),
    )
  }

  /**
   * The agent's order log, newest first; an archived agent's too (its history stays readable for
   * audit; its key no longer resolves, so only the tenant's users read it); another tenant's → 404.
   */
  async list(
    tenantId: number,
    agentId: number,
    q: { status?: S.AgentOrderViewOut['status']; page: number; page_size: number },
  ) {
    const f = { agentId, ...(q.status ? { status: q.status } : {}) }
    return this.tx(tenantId, async (s) => {
      if (!(await repo.agentKnown(s, agentId))) throw agentNotFound()
      const rows = await repo.listOrders(s, f, (q.page - 1) * q.page_size, q.page_size)
      return {
        items: rows.map(toView),
        total: await repo.countOrders(s, f),
        page: q.page,
        page_size: q.page_size,
      }
    })
  }

  async get(tenantId: number, orderId: number): Promise<S.AgentOrderViewOut> {
    const row = await this.tx(tenantId, (s) => repo.findOrder(s, orderId))
    if (!row) throw orderNotFound()
    return toView(row)
  }

  /** A held order is withdrawn (its approval closed, budget given back); an open one canceled at its broker. */
  async cancel(actor: OrderActor, agentId: number, orderId: number): Promise<S.AgentOrderViewOut> {
    const who = actorContext(actor, agentId, 'propose')
    const row = await this.tx(who.tenantId, async (s) => {
      await repo.lockApprovalOf(s, orderId)
      await repo.lockOrder(s, orderId)
      const o = await repo.findOrder(s, orderId)
      if (!o || o.agent_id !== agentId) throw orderNotFound()
      if (o.status === 'pending_approval') {
        await repo.updateOrder(s, o.id, {
          status: 'canceled',
          reject_reason: repo.WITHDRAWN,
          reject_detail: 'withdrawn before approval: never sent, its budget given back',
        })
        await repo.closeApproval(s, o.id, 'order canceled')
        await repo.addUsage(s, o.agent_id, o.trading_day, o.priced_notional, -1)
      } else if (!repo.OPEN_STATUSES.includes(o.status)) throw notCancelable(o.status)
      return o
    })
    if (row.status !== 'pending_approval') {
      if (!(await this.deps.execution.cancel(who.tenantId, row)))
        throw notCancelable('not cancelable at its broker')
      await this.tx(who.tenantId, async (s) => {
        await repo.lockOrder(s, orderId)
        const o = await repo.findOrder(s, orderId)
        if (o && repo.OPEN_STATUSES.includes(o.status))
          await repo.updateOrder(s, orderId, { status: 'canceled' })
      })
    }
    return toView(await this.reload(who.tenantId, orderId))
  }

  /** An approved order sent now (for approvals): pending_approval → sent, then to its broker. */
  async sendApproved(tenantId: number, orderId: number): Promise<S.AgentOrderViewOut> {
    const row = await this.tx(tenantId, async (s) => {
      await repo.lockOrder(s, orderId)
      const o = await repo.findOrder(s, orderId)
      if (!o) throw orderNotFound()
      if (o.status !== 'pending_approval')
        throw new ConflictError('bot.order_not_pending', `The order is ${o.status}, not pending approval`)
      await repo.updateOrder(s, orderId, { status: 'sent' })
      return { ...o, status: 'sent' as const }
    })
    return toView(await this.deps.execution.send(tenantId, row))
  }

  /** The gate's decision, tried again while the usage row moves or a client_order_id was taken meanwhile. */
  private async decide(tenantId: number, d: DecideInput): Promise<Exclude<Decided, { moved: true }>> {
    for (let attempt = 1; ; attempt++) {
      try {
        const done = await decide(this.inTenant(tenantId), d, attempt > OPTIMISTIC_TRIES)
        if (!('moved' in done)) return done
      } catch (err) {
        if (!isClientIdTaken(err) || attempt >= MAX_TRIES) throw err
      }
      if (attempt >= MAX_TRIES) throw new Error('the gate could not record the order')
    }
  }

  private async reload(tenantId: number, orderId: number): Promise<repo.OrderRow> {
    const row = await this.tx(tenantId, (s) => repo.findOrder(s, orderId))
    if (!row) throw orderNotFound()
    return row
  }

  private tx<T>(tenantId: number, work: (s: TenantScope) => Promise<T>): Promise<T> {
    return this.deps.scopes.withTenant(tenantId, work)
  }

  /** A new tenant scope per call, for the gate's optimistic decision. */
  private inTenant(tenantId: number): InTenant {
    const run = <T>(work: (s: TenantScope) => Promise<T>) => this.tx(tenantId, work)
    const alone = <R>(statement: (s: TenantScope) => CompiledQuery<R>) =>
      this.deps.scopes.statementAlone(tenantId, statement)
    return Object.assign(run, { alone })
  }
}
