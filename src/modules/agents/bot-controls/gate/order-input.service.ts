/**
 * The order input beyond its schema: exactly one of qty and notional, notional only for market
 * orders, a limit price exactly when the type is limit, amounts above zero, an order value the gate
 * can price; who may act for the agent (an agent's credential acts only for itself, with the scope
 * the action needs). Every refusal here is a 422 or 403/404 problem; nothing is recorded.
 */
import { decSign, toCents } from '../../../../kernel/decimal/index.ts'
import { ForbiddenError, NotFoundError, UnprocessableError } from '../../../../platform/http/errors.ts'
import type { AgentScope, GateOrder, OrderActor } from './gate.service.ts'
import { agentNotFound } from '../agents/agents.service.ts'
import { DEFAULT_TIME_IN_FORCE, MAX_ORDER_VALUE, type SimulateInputBody } from './orders.schemas.ts'

/** An unknown, archived or other tenant's agent: one 404 wherever it is met. */
export { agentNotFound }
export const orderNotFound = () => new NotFoundError('bot.order_not_found', 'No such agent order')

const field = (name: string, msg: string) => UnprocessableError.field(['body', name], msg)

export function normalize(b: SimulateInputBody): GateOrder {
  if ((b.qty === undefined) === (b.notional === undefined))
    throw field('qty', 'give exactly one of qty and notional')
  if (b.notional !== undefined && b.type !== 'market')
    throw field('notional', 'notional is for market orders only')
  if (b.type === 'limit' && b.limit_price === undefined)
    throw field('limit_price', 'a limit order needs limit_price')
  if (b.type === 'market' && b.limit_price !== undefined)
    throw field('limit_price', 'a market order takes no limit_price')
  for (const k of ['qty', 'notional', 'limit_price'] as const) {
    const v = b[k]
    if (v !== undefined && decSign(v) <= 0) throw field(k, 'must be greater than zero')
  }
  if (b.notional !== undefined && toCents(b.notional) > toCents(MAX_ORDER_VALUE))
    throw field('notional', `must not exceed ${MAX_ORDER_VALUE}`)
  return {
    accountId: b.account_id,
    symbol: b.symbol.toUpperCase(),
    side: b.side,
    qty: b.qty ?? null,
    notional: b.notional ?? null,
    type: b.type,
    limitPrice: b.limit_price ?? null,
    timeInForce: b.time_in_force ?? DEFAULT_TIME_IN_FORCE,
    clientOrderId: b.client_order_id ?? '',
  }
}

/** An order whose value the gate priced above the sanity bound: 422, nothing recorded. */
export function checkValue(priced: string): void {
  if (toCents(priced) > toCents(MAX_ORDER_VALUE))
    throw field('qty', `the order's value ${priced} exceeds ${MAX_ORDER_VALUE}`)
}

export interface ActorContext {
  tenantId: number
  /** May send without approval below the threshold (users; agents with orders:execute). */
  canExecute: boolean
  /** Who the portfolio reads act as. */
  userId: number
  agentCaller: boolean
}

const insufficient = (scope: AgentScope, granted: AgentScope[]) =>
  new ForbiddenError('bot.insufficient_scope', `This needs the scope ${scope}`, {
    extra: { required_scope: scope, granted_scopes: granted },
  })

/**
 * The tenant and rights of the actor on `agentId`. `need` read: orders:read; propose: orders:propose
 * or orders:execute. An agent's credential for another agent: 404, as for an unknown agent.
 */
export function actorContext(actor: OrderActor, agentId: number, need: 'read' | 'propose'): ActorContext {
  if (actor.kind === 'user')
    return {
      tenantId: actor.scope.tenantId,
      canExecute: true,
      userId: actor.scope.userId,
      agentCaller: false,
    }
  const p = actor.principal
  if (p.agentId !== agentId) throw agentNotFound()
  const has = (s: AgentScope) => p.scopes.includes(s)
  if (need === 'read' && !has('orders:read')) throw insufficient('orders:read', p.scopes)
  if (need === 'propose' && !has('orders:propose') && !has('orders:execute'))
    throw insufficient('orders:propose', p.scopes)
  return { tenantId: p.tenantId, canExecute: has('orders:execute'), userId: p.userId, agentCaller: true }
}
