/** The agent order routes under /api/bot-controls: place, simulate, the order log, one order, cancel. */
import type { App } from '../../../../platform/http/app-type.ts'
import { problems } from '../../../../platform/http/problem.ts'
import {
  actorIn,
  actorOf,
  agentAuth,
  tenantOf,
  userTenantFirst,
  viaOf,
  type AgentKeyResolver,
} from './agent-auth.routes.ts'
import { ORDERS_DOC, SIMULATE_DOC } from './orders.docs.ts'
import * as X from './orders.examples.ts'
import { actorContext, orderNotFound } from './order-input.service.ts'
import * as S from './orders.schemas.ts'
import type { AgentOrdersService } from './orders.service.ts'

const tags = ['bot-controls']
const BASE = '/api/bot-controls'
const AUTH =
  'Auth: a signed-in user of the tenant, or the agent’s own key as `Authorization: Bearer sxa_…`. Administrators ' +
  'may act on another tenant with `tenant_id`; anyone else (an agent’s key too) naming another tenant gets 403.'

export function ordersRoutes(
  app: App,
  orders: AgentOrdersService,
  keys: AgentKeyResolver,
  origins: string[],
): void {
  const config = { auth: 'public' as const, agentKey: true }
  const preHandler = agentAuth(keys, origins)
  app.post(
    `${BASE}/agents/:agent_id/orders`,
    {
      config,
      preValidation: userTenantFirst,
      preHandler,
      schema: {
        operationId: 'placeAgentOrder',
        summary: 'Place an order for an agent through the gate',
        description: `${ORDERS_DOC} ${AUTH}`,
        examples: {
          params: { agent_id: 3 },
          body: X.ORDER_INPUT_EXAMPLE,
          201: {
            description: 'Recorded: filled, sent, pending_approval or rejected (with its reason)',
            value: X.ORDER_EXAMPLE,
          },
          200: {
            description: 'The same client_order_id and request again: the recorded order',
            value: X.ORDER_EXAMPLE,
          },
        },
        tags,
        params: S.AgentParams,
        querystring: S.TenantQuery,
        body: S.AgentOrderInput,
        response: { 201: S.AgentOrderView, 200: S.AgentOrderView, ...problems(401, 403, 404, 409, 422) },
      },
    },
    async (req, reply) => {
      const actor = actorIn(actorOf(req), req.query.tenant_id)
      const out = await orders.place(actor, req.params.agent_id, req.body, viaOf(actor))
      return reply.code(out.replayed ? 200 : 201).send(out.order)
    },
  )
  app.post(
    `${BASE}/agents/:agent_id/orders/simulate`,
    {
      config,
      preValidation: userTenantFirst,
      preHandler,
      schema: {
        operationId: 'simulateAgentOrder',
        summary: 'Run the gate on an order without placing it',
        description: `${SIMULATE_DOC} ${AUTH}`,
        examples: {
          params: { agent_id: 3 },
          body: X.ORDER_INPUT_EXAMPLE,
          200: { description: 'What placing it now would do', value: X.SIMULATION_EXAMPLE },
        },
        tags,
        params: S.AgentParams,
        querystring: S.TenantQuery,
        body: S.SimulateInput,
        response: { 200: S.SimulationView, ...problems(401, 403, 404, 422) },
      },
    },
    (req) => orders.simulate(actorIn(actorOf(req), req.query.tenant_id), req.params.agent_id, req.body),
  )
  readRoutes(app, orders, config, preHandler)
}

type Config = { auth: 'public'; agentKey: boolean }
type PreHandler = ReturnType<typeof agentAuth>

function readRoutes(app: App, orders: AgentOrdersService, config: Config, preHandler: PreHandler): void {
  app.get(
    `${BASE}/agents/:agent_id/orders`,
    {
      config,
      preHandler,
      schema: {
        operationId: 'listAgentOrders',
        summary: 'An agent’s order log, newest first',
        description:
          'Every order the agent asked for, whatever the gate decided; `status` filters; `page` (1-based) and ' +
          `\`page_size\` 1–100 (default 20); \`total\` counts the matching orders. An agent’s key reads its own log (scope orders:read). ` +
          'An archived agent’s log stays readable by the tenant’s users (its key is refused, 401); another tenant’s ' +
          `agent or an unknown id → 404 \`bot.agent_not_found\`. ${AUTH}`,
        examples: {
          params: { agent_id: 3 },
          query: { status: 'rejected', page: 1, page_size: 20 },
          200: {
            description: 'A page',
            value: { items: [X.REJECTED_EXAMPLE], total: 1, page: 1, page_size: 20 },
          },
        },
        tags,
        params: S.AgentParams,
        querystring: S.OrderListQuery,
        response: { 200: S.OrderPage, ...problems(401, 403, 404, 422) },
      },
    },
    (req) => {
      const actor = actorOf(req)
      const tenantId = tenantOf(actor, req.query.tenant_id)
      actorContext(actor, req.params.agent_id, 'read')
      const q = {
        page: req.query.page ?? 1,
        page_size: req.query.page_size ?? 20,
        ...(req.query.status ? { status: req.query.status } : {}),
      }
      return orders.list(tenantId, req.params.agent_id, q)
    },
  )
  getRoute(app, orders, config, preHandler)
  cancelRoute(app, orders, config, preHandler)
}

function getRoute(app: App, orders: AgentOrdersService, config: Config, preHandler: PreHandler): void {
  app.get(
    `${BASE}/orders/:order_id`,
    {
      config,
      preHandler,
      schema: {
        operationId: 'getAgentOrder',
        summary: 'One agent order',
        description:
          'An archived agent’s orders stay readable by the tenant’s users. Another tenant’s order, or (with an ' +
          `agent’s key) another agent’s, → 404 \`bot.order_not_found\`. ${AUTH}`,
        examples: { params: { order_id: 481 }, 200: { description: 'The order', value: X.ORDER_EXAMPLE } },
        tags,
        params: S.OrderParams,
        querystring: S.TenantQuery,
        response: { 200: S.AgentOrderView, ...problems(401, 403, 404, 422) },
      },
    },
    async (req) => {
      const actor = actorOf(req)
      const order = await orders.get(tenantOf(actor, req.query.tenant_id), req.params.order_id)
      // An agent's key reads its own orders only: another agent's is as unknown.
      if (actor.kind === 'agent' && actor.principal.agentId !== order.agent_id) throw orderNotFound()
      actorContext(actor, order.agent_id, 'read')
      return order
    },
  )
}

function cancelRoute(app: App, orders: AgentOrdersService, config: Config, preHandler: PreHandler): void {
  app.post(
    `${BASE}/agents/:agent_id/orders/:order_id/cancel`,
    {
      config,
      preHandler,
      schema: {
        operationId: 'cancelAgentOrder',
        summary: 'Cancel an agent order',
        description:
          'A pending_approval order is withdrawn: canceled with reject_reason `order.withdrawn`, its approval closed, ' +
          'the day’s budget given back, and no longer counted in the per-minute window. A sent or ' +
          'partially filled one is canceled at its broker. Allowed whatever the agent’s trading state (halted too). ' +
          `Filled, rejected, canceled or expired → 409 \`bot.order_not_cancelable\`. ${AUTH}`,
        examples: {
          params: { agent_id: 3, order_id: 481 },
          200: {
            description: 'Canceled',
            value: { ...X.ORDER_EXAMPLE, status: 'canceled', filled_qty: '0', filled_avg_price: null },
          },
        },
        tags,
        params: S.AgentOrderParams,
        querystring: S.TenantQuery,
        response: { 200: S.AgentOrderView, ...problems(401, 403, 404, 409, 422) },
      },
    },
    (req) =>
      orders.cancel(actorIn(actorOf(req), req.query.tenant_id), req.params.agent_id, req.params.order_id),
  )
}
