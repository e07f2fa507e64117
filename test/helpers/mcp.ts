/** MCP test set-up: an agent with a credential (through the API), and an SDK client connected to /mcp. */
import assert from 'node:assert/strict'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import type { App } from '../../src/platform/http/app-type.ts'
import { json, type Body } from './assertions.ts'
import type { Client as ApiClient } from './test-app.ts'

export interface Agent {
  agentId: number
  key: string
}

/** Creates an agent and issues its key with `scopes` (the default set when omitted). */
export async function agentWithKey(u: ApiClient, scopes?: string[], name = 'MCP agent'): Promise<Agent> {
  const created = await u.post('/api/bot-controls/agents', { name })
  assert.equal(created.statusCode, 201, created.body)
  const agentId = json(created.body).agent_id as number
  const issued = await u.post(`/api/bot-controls/agents/${agentId}/credentials`, scopes ? { scopes } : {})
  assert.equal(issued.statusCode, 201, issued.body)
  return { agentId, key: json(issued.body).key as string }
}

const listening = new WeakMap<App, Promise<string>>()

/** The app's address once listening on a free local port (closed with the app). */
export function addressOf(app: App): Promise<string> {
  let address = listening.get(app)
  if (!address) {
    address = app.listen({ port: 0, host: '127.0.0.1' })
    listening.set(app, address)
  }
  return address
}

/** An MCP SDK client connected to the app's /mcp with the agent's key. */
export async function mcpClient(app: App, key: string): Promise<Client> {
  const client = new Client({ name: 'sextant-test', version: '1.0.0' })
  const url = new URL(`${await addressOf(app)}/mcp`)
  await client.connect(
    new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: `Bearer ${key}` } } }),
  )
  return client
}

/** A tool's structured answer (asserting it is not an error). */
export async function callOk(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<Body> {
  const res = await client.callTool({ name, arguments: args })
  assert.notEqual(res.isError, true, JSON.stringify(res))
  return res.structuredContent as Body
}
