/**
 * MCP (`/mcp`): the Model Context Protocol server through which an AI client acts as one agent of a
 * tenant — reads the portfolio and the market, and places orders only through bot-controls' gate.
 * Stateless Streamable HTTP (the official SDK): a fresh server per request, authenticated by the
 * agent's credential. Rules: README.md and docs/mcp.md.
 */
import { createMcpHandler, type McpHttpHandler } from '@modelcontextprotocol/server'
import { bearerToken } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { allowedOrigins } from '../../../platform/http/security.ts'
import { defineModule, type ModuleContext } from '../../module.ts'
import type { AgentPrincipal } from '../bot-controls/index.ts'
import { createAgentServer, type McpNeeds } from './mcp-server.service.ts'
import { mcpRoutes } from './mcp.routes.ts'

export { MCP_PATH } from './mcp.routes.ts'

export interface Mcp {
  /** The SDK's web-standard handler: one JSON-RPC message in, its Response out. */
  handler: McpHttpHandler
  /** The agent an `Authorization` header's bearer key stands for, or null. */
  authenticate(authorization: string | undefined): Promise<AgentPrincipal | null>
  /** No `Origin` (a desktop client), or the service's own origin or one of CORS_ORIGINS. */
  originAllowed(origin: string | undefined): boolean
}

function createMcp(ctx: ModuleContext, needs: McpNeeds): Mcp {
  const origins = new Set(allowedOrigins(ctx.config))
  const handler = createMcpHandler(
    ({ authInfo }) => {
      const principal = authInfo?.extra?.['principal'] as AgentPrincipal | undefined
      // The route authenticates before the handler runs; a request without a principal never gets here.
      if (!principal) throw new Error('mcp: a request reached the server without an agent')
      return createAgentServer(principal, { scopes: ctx.scopes, log: ctx.log, needs })
    },
    { onerror: (err) => ctx.log.warn({ err }, 'mcp: request refused') },
  )
  return {
    handler,
    async authenticate(authorization) {
      const key = bearerToken(authorization)
      return key ? needs.botControls.credentials.resolve(key) : null
    },
    originAllowed: (origin) => origin === undefined || origins.has(origin),
  }
}

export const mcpModule = defineModule({
  name: 'mcp',
  key: 'mcp',
  needs: { botControls: true, portfolio: true, marketData: true, intelFeed: true, screener: true },
  tables: [],
  migrations: [],
  build: createMcp,
  routes: (app: App, api: Mcp) => mcpRoutes(app, api),
})
