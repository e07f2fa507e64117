/** /api/bot-controls/agents: the tenant's agents and their credentials. */
import type { FastifyRequest } from 'fastify'
import { scopeOf } from '../../../../platform/auth/authenticate.ts'
import { effectiveTenant } from '../../../../platform/auth/scope.ts'
import type { App } from '../../../../platform/http/app-type.ts'
import { problems } from '../../../../platform/http/problem.ts'
import type { BotControls } from '../index.ts'
import * as X from './agents.examples.ts'
import * as S from './agents.schemas.ts'
import { DEFAULT_AGENT_SCOPES } from './lib/types.ts'

const tags = ['bot-controls']
export const BASE = '/api/bot-controls'
export const ADMIN =
  'Administrators may act on another tenant with `tenant_id`; anyone else naming another tenant gets 403.'
const NAME_RULE =
  '`name` 1–100 characters, trimmed, unique among the tenant’s live (not archived) agents ignoring case: another ' +
  'live agent’s name → 409 `bot.agent_name_taken` (with `name`); archiving an agent frees its name.'
const NOT_FOUND = 'Another tenant’s agent, an archived agent or an unknown id → 404 `bot.agent_not_found`.'
const SETTINGS =
  '`trading_state`: `active` (trades), `reducing` (only orders that shrink the agent’s own position in that ' +
  'account and symbol), `halted` (no orders; cancels still work). `mode`: `paper` (the internal paper broker) or ' +
  '`live` (the account’s connected broker). `allowed_symbols`: up to 200 tickers, upper-cased and deduplicated; ' +
  '`allowed_hours`: `{start, end}` as HH:MM in New York time, start before end, the end minute outside the window ' +
  '(an end of `24:00` runs to midnight; a start cannot be `24:00`); ' +
  '`allowed_accounts`: ids of your broker accounts (another id → 422 naming it). For each allow-list null means any.'

/**
 * A route's `preValidation`: another tenant's `tenant_id` from a non-administrator is a 403 before
 * the body is read (who may act is answered before what was sent).
 */
export async function tenantFirst(req: FastifyRequest): Promise<void> {
  const raw = (req.query as Record<string, unknown> | undefined)?.['tenant_id']
  if (typeof raw === 'string' && /^\d{1,15}$/.test(raw)) effectiveTenant(scopeOf(req), Number(raw))
}

export function agentsRoutes(app: App, api: BotControls): void {
  collectionRoutes(app, api)
  itemRoutes(app, api)
  credentialRoutes(app, api)
}

function collectionRoutes(app: App, api: BotControls): void {
  app.get(
    `${BASE}/agents`,
    {
      schema: {
        operationId: 'listBotAgents',
        summary: 'Your agents, oldest first',
        description: `\`page\` (1-based) and \`page_size\` 1–100 (default 20); \`total\` counts live agents. Archived agents are not listed. ${ADMIN}`,
        examples: {
          query: { page: 1, page_size: 20 },
          200: {
            description: 'A page',
            value: { items: [X.AGENT_EXAMPLE], total: 1, page: 1, page_size: 20 },
          },
        },
        tags,
        querystring: S.AgentListQuery,
        response: { 200: S.AgentPage, ...problems(401, 403, 422) },
      },
    },
    (req) => api.agents.list(scopeOf(req), req.query),
  )
  app.post(
    `${BASE}/agents`,
    {
      preValidation: tenantFirst,
      schema: {
        operationId: 'createBotAgent',
        summary: 'Create an agent',
        description:
          `${NAME_RULE} Defaults: enabled, \`active\`, \`paper\`, every allow-list null (any), every limit null ` +
          `(none), no credential (issue one with POST …/credentials). ${SETTINGS} The plan caps the tenant's live ` +
          '(not archived) agents (`agents` in GET /api/auth/me/entitlements: free 3, pro 20, premium 100): one more is ' +
          `a 402 \`plan.limit_reached\` with \`limit\` and \`allowed\`; archiving an agent frees its place. ${ADMIN}`,
        examples: {
          query: { tenant_id: 41 },
          body: { name: 'Momentum rebalancer', strategy_label: 'weekly momentum, top 3' },
          201: { description: 'Created', value: X.NEW_AGENT_EXAMPLE },
        },
        tags,
        querystring: S.TenantQuery,
        body: S.AgentCreate,
        response: { 201: S.Agent, ...problems(401, 402, 403, 409, 422) },
      },
    },
    async (req, reply) => reply.code(201).send(await api.agents.create(scopeOf(req), req.body, req.query)),
  )
}

function itemRoutes(app: App, api: BotControls): void {
  app.get(
    `${BASE}/agents/:agent_id`,
    {
      schema: {
        operationId: 'getBotAgent',
        summary: 'One agent',
        description: `\`credential\` describes the agent’s key (prefix, scopes, dates), never the key. ${NOT_FOUND} ${ADMIN}`,
        examples: { params: { agent_id: 7 }, 200: { description: 'The agent', value: X.AGENT_EXAMPLE } },
        tags,
        params: S.AgentParams,
        querystring: S.TenantQuery,
        response: { 200: S.Agent, ...problems(401, 403, 404, 422) },
      },
    },
    (req) => api.agents.get(scopeOf(req), req.params.agent_id, req.query),
  )
  app.patch(
    `${BASE}/agents/:agent_id`,
    {
      preValidation: tenantFirst,
      schema: {
        operationId: 'updateBotAgent',
        summary: 'Change an agent: name, switches, mode, allow-lists, label',
        description: `Any of the fields; the ones sent replace the stored ones (null clears an allow-list). ${NAME_RULE} ${SETTINGS} ${NOT_FOUND} ${ADMIN}`,
        examples: {
          params: { agent_id: 7 },
          body: { trading_state: 'reducing', allowed_symbols: ['aapl', 'MSFT', 'spy'] },
          200: { description: 'Changed', value: { ...X.AGENT_EXAMPLE, trading_state: 'reducing' } },
        },
        tags,
        params: S.AgentParams,
        querystring: S.TenantQuery,
        body: S.AgentPatch,
        response: { 200: S.Agent, ...problems(401, 403, 404, 409, 422) },
      },
    },
    (req) => api.agents.patch(scopeOf(req), req.params.agent_id, req.body, req.query),
  )
  app.delete(
    `${BASE}/agents/:agent_id`,
    {
      preValidation: tenantFirst,
      schema: {
        operationId: 'archiveBotAgent',
        summary: 'Archive an agent',
        description:
          'The agent stops at once: it leaves the list, its key no longer authenticates, and its pending approvals are ' +
          'rejected (note "agent archived") with their orders. Its order history stays. ' +
          `${NOT_FOUND} ${ADMIN}`,
        examples: {
          params: { agent_id: 7 },
          200: { description: 'Archived', value: { agent_id: 7, archived: true } },
        },
        tags,
        params: S.AgentParams,
        querystring: S.TenantQuery,
        response: { 200: S.Archived, ...problems(401, 403, 404, 422) },
      },
    },
    (req) => api.agents.archive(scopeOf(req), req.params.agent_id, req.query),
  )
}

function credentialRoutes(app: App, api: BotControls): void {
  app.post(
    `${BASE}/agents/:agent_id/credentials`,
    {
      preValidation: tenantFirst,
      config: { bodyOptional: true },
      schema: {
        operationId: 'issueBotAgentCredential',
        summary: 'Issue (or rotate) the agent’s API key',
        description:
          'Returns the key once: only its SHA-256 is stored. The key authenticates as this agent only ' +
          '(`Authorization: Bearer sxa_…`), with the scopes granted: `portfolio:read`, `market:read`, `orders:read`, ' +
          '`orders:propose` (orders are held for approval), `orders:execute` (orders at or under the approval ' +
          `threshold are sent). Send \`{}\` (or no body) for the default: ${DEFAULT_AGENT_SCOPES.join(', ')}. An agent has one key: issuing again ` +
          `replaces it and the old key stops at once. ${NOT_FOUND} ${ADMIN}`,
        examples: {
          params: { agent_id: 7 },
          body: { scopes: [...DEFAULT_AGENT_SCOPES] },
          201: { description: 'Issued: store the key now', value: X.ISSUED_EXAMPLE },
        },
        tags,
        params: S.AgentParams,
        querystring: S.TenantQuery,
        body: S.CredentialInput,
        response: { 201: S.IssuedCredential, ...problems(401, 403, 404, 422) },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .header('cache-control', 'no-store')
        .send(await api.credentials.issue(scopeOf(req), req.params.agent_id, req.body.scopes, req.query)),
  )
}
