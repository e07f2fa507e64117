/**
 * /mcp: the Model Context Protocol endpoint (Streamable HTTP, stateless). The platform's hook does
 * not know agent keys, so the route is public there and authenticates here, before the body is
 * read: `Authorization: Bearer <agent key>` or 401 with a Bearer challenge. First, as the protocol
 * requires of an HTTP server, the `Origin` a browser sends is checked (DNS rebinding: a page of
 * another site reaching a server through a name it controls): only the service's own origin and
 * CORS_ORIGINS, else 403; desktop clients send none. The SDK's handler then
 * answers the one message with a fresh server acting as that agent; the reply is hijacked and the
 * handler's web Response written to it. GET and DELETE (session streams and session ends) do not
 * exist on a stateless endpoint: 405 with a JSON-RPC error.
 */
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { Type } from 'typebox'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import type { App } from '../../../platform/http/app-type.ts'
import { ForbiddenError, UnauthorizedError } from '../../../platform/http/errors.ts'
import { problems } from '../../../platform/http/problem.ts'
import type { AgentPrincipal } from '../bot-controls/index.ts'
import type { Mcp } from './index.ts'
import { PLACE_ORDER_ANSWER, PLACE_ORDER_CALL } from './mcp.examples.ts'
import { JsonRpcAnswer, JsonRpcMessage } from './mcp.schemas.ts'

export const MCP_PATH = '/mcp'
export const MCP_CHALLENGE = 'Bearer realm="sextant-mcp", error="invalid_token"'

const DESCRIPTION =
  'The Model Context Protocol server (Streamable HTTP, stateless: any API process answers any ' +
  'request; no session, no GET stream). Authenticate with an agent’s credential, `Authorization: ' +
  'Bearer sxa_…` (POST /api/bot-controls/agents/{agent_id}/credentials issues it); a user’s token or ' +
  'API key is not accepted here. Without a valid agent key → 401 with `WWW-Authenticate: Bearer ' +
  'realm="sextant-mcp", error="invalid_token"`. The server acts as that agent: tools get_portfolio, ' +
  'get_holdings (scope portfolio:read), get_quotes, get_bars, get_signals, run_screen (market:read), ' +
  'get_agent_limits, list_orders (orders:read), simulate_order, place_order, cancel_order ' +
  '(orders:propose); resources sextant://holdings and sextant://agent/limits. A tool the credential ' +
  'lacks the scope for answers a tool error {error: "insufficient_scope", required_scope, ' +
  'granted_scopes}. Orders pass the same gate as the REST order route. Third-party text (news) comes ' +
  'wrapped as {_trust: {level: "untrusted_third_party_text", …}, data}. Send `Accept: application/json, ' +
  'text/event-stream`; the answer is JSON or one server-sent event. A browser’s `Origin` other than ' +
  'the service’s own or one of CORS_ORIGINS → 403 `mcp.origin_not_allowed` (DNS-rebinding ' +
  'protection; desktop clients send no Origin). Full tool list: docs/mcp.md.'

/**
 * A body that is not JSON, or not a JSON-RPC message, is answered as JSON-RPC over HTTP answers it:
 * 400 with a parse error (-32700) or an invalid request (-32600), so an MCP client can read it.
 * Every other failure (the origin, the credential, the body's size) keeps the service's problem.
 */
function jsonRpcFailure(err: FastifyError & { validation?: unknown }) {
  const failure = (code: number, message: string) => ({
    jsonrpc: '2.0' as const,
    error: { code, message },
    id: null,
  })
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
    return failure(-32700, 'Parse error: the body is not valid JSON')
  if (err.validation)
    return failure(
      -32600,
      `Invalid Request: send one JSON-RPC 2.0 message {jsonrpc: "2.0", method, id?, params?} (${err.message})`,
    )
  return undefined
}

const principals = new WeakMap<FastifyRequest, AgentPrincipal>()

const methodNotAllowed = {
  jsonrpc: '2.0',
  error: { code: -32000, message: 'Method not allowed: this MCP endpoint is stateless; POST each message' },
  id: null,
}

export function mcpRoutes(app: App, api: Mcp): void {
  app.post(
    MCP_PATH,
    {
      config: { auth: 'public' },
      errorHandler: (err, _req, reply) => {
        const failure = jsonRpcFailure(err)
        if (!failure) throw err // the service's own handler answers it
        void reply.code(400).type('application/json').send(failure)
      },
      onRequest: async (req) => {
        const origin = req.headers.origin
        if (!api.originAllowed(origin))
          throw new ForbiddenError(
            'mcp.origin_not_allowed',
            `A page from ${String(origin)} may not call the MCP endpoint: only this service's own origin and CORS_ORIGINS may (a desktop client sends no Origin)`,
          )
        const principal = await api.authenticate(req.headers.authorization)
        if (!principal)
          throw new UnauthorizedError(
            'mcp.invalid_token',
            'An agent credential is required: Authorization: Bearer sxa_…',
            {
              headers: { 'www-authenticate': MCP_CHALLENGE },
            },
          )
        principals.set(req, principal)
      },
      schema: {
        operationId: 'mcpMessage',
        summary: 'Model Context Protocol: one JSON-RPC message, as an agent',
        description: DESCRIPTION,
        examples: {
          body: PLACE_ORDER_CALL,
          200: {
            description: 'The JSON-RPC answer (here: the order was held for approval)',
            value: PLACE_ORDER_ANSWER,
          },
        },
        tags: ['mcp'],
        body: JsonRpcMessage,
        response: {
          200: JsonRpcAnswer,
          202: { description: 'A notification, accepted (no body)', type: 'null' },
          400: {
            description:
              'A body that is not JSON (JSON-RPC -32700 Parse error) or not one JSON-RPC 2.0 message ' +
              '(-32600 Invalid Request), or an `MCP-Protocol-Version` header the server does not speak ' +
              '(-32000, naming the supported revisions), as application/json; any other malformed request, a problem',
            content: {
              'application/json': { schema: JsonRpcAnswer },
              'application/problem+json': { schema: Type.Ref('Problem') },
            },
          },
          406: {
            description:
              'The `Accept` header does not take both application/json and text/event-stream, as Streamable ' +
              'HTTP asks of every client: a JSON-RPC error (-32000, id null) naming the two types',
            content: { 'application/json': { schema: JsonRpcAnswer } },
          },
          ...problems(401, 403),
        },
      },
    },
    (req, reply) => serve(api, req, reply),
  )
  const notAllowed = (_req: FastifyRequest, reply: FastifyReply) =>
    reply.code(405).header('allow', 'POST').type('application/json').send(JSON.stringify(methodNotAllowed))
  for (const method of ['GET', 'DELETE'] as const)
    app.route({
      method,
      url: MCP_PATH,
      config: { auth: 'public' },
      schema: { hide: true },
      handler: notAllowed,
    })
}

async function serve(api: Mcp, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const principal = principals.get(req)
  if (!principal) throw new UnauthorizedError('mcp.invalid_token', 'An agent credential is required')
  const abort = new AbortController()
  reply.hijack()
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) abort.abort()
  })
  const answer = await api.handler.fetch(webRequest(req, abort.signal), {
    parsedBody: req.body,
    authInfo: {
      token: 'agent-credential',
      clientId: `agent:${principal.agentId}`,
      scopes: [...principal.scopes],
      extra: { principal },
    },
  })
  const headers: Record<string, string> = { ...(reply.getHeaders() as Record<string, string>) }
  answer.headers.forEach((value, name) => (headers[name] = value))
  reply.raw.writeHead(answer.status, headers)
  if (!answer.body) return void reply.raw.end()
  await pipeline(Readable.fromWeb(answer.body), reply.raw).catch(() => {
    // The client went away mid-answer: nothing is left to tell it.
  })
}

/** The request as the SDK reads it: method, URL and headers (the body is passed already parsed). */
function webRequest(req: FastifyRequest, signal: AbortSignal): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === 'content-length' || name === 'transfer-encoding') continue
    headers.set(name, Array.isArray(value) ? value.join(', ') : value)
  }
  return new Request(`http://localhost${req.url}`, { method: req.method, headers, signal })
}
