/**
 * The agent's own tools: `get_agent_limits` and `list_orders` (scope `orders:read`), and
 * `simulate_order`, `place_order`, `cancel_order` (scope `orders:propose`; `orders:execute` includes
 * it). Orders go through bot-controls' one order path — the same gate, limits, approval threshold
 * and idempotency as the REST route — acting as the credential's agent, recorded with via `mcp`.
 * The limits are also the resource `sextant://agent/limits`.
 */
import type { McpServer } from '@modelcontextprotocol/server'
import type { Scopes } from '../../../platform/db/index.ts'
import { NotFoundError } from '../../../platform/http/errors.ts'
import type { BotControls, OrderActor } from '../bot-controls/index.ts'
import * as Z from './tools.schemas.ts'
import type { ToolContext } from './tool-context.service.ts'

export interface OrderNeeds {
  botControls: BotControls
  scopes: Scopes
}

/** The agent's settings, its credential's scopes, its limits (null: none) and today's usage, snake_case as the REST API answers. */
export async function agentLimits(ctx: ToolContext, needs: OrderNeeds) {
  const { tenantId, agentId, scopes } = ctx.principal
  const policy = await needs.scopes.withTenant(tenantId, (s) => needs.botControls.policy.read(s, agentId))
  if (!policy) throw new NotFoundError('bot.agent_not_found', 'Agent not found')
  const { limits, ...usage } = await needs.botControls.usage.ofTenant(tenantId, agentId)
  const a = policy.agent
  return {
    agent: {
      agent_id: a.id,
      name: a.name,
      enabled: a.enabled,
      trading_state: a.tradingState,
      mode: a.mode,
      allowed_symbols: a.allowedSymbols,
      allowed_hours: a.allowedHours,
      allowed_accounts: a.allowedAccounts,
    },
    scopes,
    limits,
    usage: {
      trading_day: usage.trading_day,
      orders: usage.orders,
      notional: usage.notional,
      rejections: usage.rejections,
      rejections_total: usage.rejections_total,
      pending_approvals: usage.pending_approvals,
      open_positions: usage.open_positions,
      remaining: usage.remaining,
    },
  }
}

export function registerOrderTools(server: McpServer, ctx: ToolContext, needs: OrderNeeds): void {
  const orders = needs.botControls.orders
  const actor: OrderActor = { kind: 'agent', principal: ctx.principal }
  const agentId = ctx.principal.agentId
  server.registerTool(
    'get_agent_limits',
    {
      title: 'My limits and usage',
      description:
        'This agent’s trading state, mode, allow-lists, limits (null = none; decimals as strings) and ' +
        'today’s usage (New York trading day) with what remains. Scope orders:read.',
      outputSchema: Z.LimitsOutput,
      annotations: { readOnlyHint: true },
    },
    () => ctx.guarded('orders:read', () => agentLimits(ctx, needs)),
  )
  server.registerTool(
    'list_orders',
    {
      title: 'My orders',
      description: 'This agent’s orders, newest first, optionally one status; paged. Scope orders:read.',
      inputSchema: Z.OrdersInput,
      outputSchema: Z.OrdersOutput,
      annotations: { readOnlyHint: true },
    },
    (q) =>
      ctx.guarded('orders:read', async () => ({
        ...(await orders.list(ctx.principal.tenantId, agentId, q)),
      })),
  )
  server.registerTool(
    'simulate_order',
    {
      title: 'Check an order without placing it',
      description:
        'Runs the order through the gate and writes nothing: would_send, would_hold (needs a person’s ' +
        'approval) or would_reject with the reason, each check and the position weight after the trade. ' +
        'A client_order_id already used says what placing would do instead: would_replay (the same order: ' +
        'the recorded one answered again) or would_conflict (another order: refused), with existing_order_id. ' +
        'Scope orders:propose.',
      inputSchema: Z.SimulateInput,
      outputSchema: Z.SimulationOutput,
      annotations: { readOnlyHint: true },
    },
    (input) =>
      ctx.guarded('orders:propose', async () => ({ ...(await orders.simulate(actor, agentId, input)) })),
  )
  registerWrites(server, ctx, needs, actor)
}

function registerWrites(server: McpServer, ctx: ToolContext, needs: OrderNeeds, actor: OrderActor): void {
  const { orders } = needs.botControls
  const agentId = ctx.principal.agentId
  server.registerTool(
    'place_order',
    {
      title: 'Place an order',
      description:
        'Places the order through the gate (state, allow-lists, limits, approval threshold). The answer is ' +
        'the recorded order: status sent or filled when it passed; pending_approval with approval_id when a ' +
        'person must approve it (above the approval threshold, or the credential only proposes); rejected ' +
        'with reject_reason (limit.max_order_notional, symbol.not_allowed, …) when a rule refused it. The ' +
        'same client_order_id with the same order answers the first result (replayed: true). Scope orders:propose.',
      inputSchema: Z.OrderInput,
      outputSchema: Z.PlaceOutput,
      annotations: { destructiveHint: false, idempotentHint: true, openWorldHint: true },
    },
    (input) =>
      ctx.guarded('orders:propose', async () => ({ ...(await orders.place(actor, agentId, input, 'mcp')) })),
  )
  server.registerTool(
    'cancel_order',
    {
      title: 'Cancel an order',
      description:
        'Cancels one of this agent’s open or pending orders (a pending approval is withdrawn). Scope orders:propose.',
      inputSchema: Z.CancelInput,
      outputSchema: Z.CancelOutput,
      annotations: { destructiveHint: true, idempotentHint: true },
    },
    ({ order_id }) =>
      ctx.guarded('orders:propose', async () => ({ order: await orders.cancel(actor, agentId, order_id) })),
  )
}
