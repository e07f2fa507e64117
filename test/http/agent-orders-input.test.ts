/**
 * An agent order's decimal fields refused for their size or form say what to send: the digits
 * allowed before and after the point, on the REST order route and in the MCP tools alike (a value
 * with too many whole digits used to hear only "at most 9 decimals"). An MCP tool's unknown or
 * misspelled argument is an error naming it, as an unknown REST body field is, not dropped.
 */
import assert from 'node:assert/strict'
import { after, describe, it } from 'node:test'
import type { Client } from '@modelcontextprotocol/client'
import { assertProblem, json } from '../helpers/assertions.ts'
import { agentWithKey, mcpClient } from '../helpers/mcp.ts'
import { useTestApp } from '../helpers/test-app.ts'
import { createAccount } from './agent-orders-fixtures.ts'

const t = useTestApp()
const open: Client[] = []
after(async () => {
  for (const c of open) await c.close()
})

const order = (account_id: number, fields: Record<string, string>) => ({
  account_id,
  symbol: 'AAPL',
  side: 'buy',
  type: 'limit',
  time_in_force: 'day',
  client_order_id: 'size-check',
  qty: '1',
  limit_price: '10.00',
  ...fields,
})

/** Each field's value one digit too long, and what its message must say. */
const CASES: { field: string; fields: Record<string, string>; says: RegExp }[] = [
  { field: 'qty', fields: { qty: '10000000000' }, says: /at most 10 digits before the point and 9 after/ },
  { field: 'qty', fields: { qty: '0.0000000001' }, says: /at most 10 digits before the point and 9 after/ },
  {
    field: 'limit_price',
    fields: { limit_price: '100000000' },
    says: /at most 8 digits before the point and 6 after/,
  },
  {
    field: 'notional',
    fields: { type: 'market', notional: '1000000000000.00', qty: undefined!, limit_price: undefined! },
    says: /at most 12 digits before the point and 2 after/,
  },
]

const withoutUndefined = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined))

describe('Agent order input: decimal bounds in the message', () => {
  it('REST: a 422 naming the field and the digits it takes, placing and simulating', async () => {
    const u = await t.newTenant()
    const account = await createAccount(u)
    const agent = await agentWithKey(u)
    for (const c of CASES) {
      const body = withoutUndefined(order(account, c.fields))
      for (const path of ['orders', 'orders/simulate']) {
        const res = await u.post(`/api/bot-controls/agents/${agent.agentId}/${path}`, body)
        assertProblem(res, 422, 'validation.failed')
        const errors = json(res).errors as { loc: unknown[]; msg: string }[]
        const mine = errors.find((e) => e.loc[1] === c.field)
        assert.ok(mine, `${path} ${c.field}: ${res.body}`)
        assert.match(mine.msg, c.says)
      }
    }
    const list = await u.get(`/api/bot-controls/agents/${agent.agentId}/orders`)
    assert.equal(json(list).total, 0, 'nothing recorded')
  })

  it('MCP: the tool error names the digits too', async () => {
    const u = await t.newTenant()
    const account = await createAccount(u)
    const agent = await agentWithKey(u)
    const client = await mcpClient(t.app, agent.key)
    open.push(client)
    for (const c of CASES) {
      const res = await client.callTool({
        name: 'simulate_order',
        arguments: withoutUndefined(order(account, c.fields)),
      })
      assert.equal(res.isError, true, JSON.stringify(res))
      const text = (res.content as { type: string; text: string }[])[0]!.text
      assert.match(text, c.says, text)
      assert.match(text, new RegExp(c.field), text)
    }
  })
})

describe('MCP tool arguments are strict', () => {
  it('refuses a misspelled argument instead of placing the order with a default', async () => {
    const u = await t.newTenant()
    const account = await createAccount(u)
    const agent = await agentWithKey(u)
    const client = await mcpClient(t.app, agent.key)
    open.push(client)
    const typo = { ...order(account, { type: 'market', time_in_forse: 'gtc' }), limit_price: undefined }
    const res = await client.callTool({ name: 'place_order', arguments: withoutUndefined(typo) })
    assert.equal(res.isError, true, JSON.stringify(res))
    const text = (res.content as { type: string; text: string }[])[0]!.text
    assert.match(text, /time_in_forse/, text)
    const list = await u.get(`/api/bot-controls/agents/${agent.agentId}/orders`)
    assert.equal(json(list).total, 0, 'nothing placed')
    const { tools } = await client.listTools()
    for (const tool of tools)
      if (Object.keys(tool.inputSchema.properties ?? {}).length)
        assert.equal(
          tool.inputSchema.additionalProperties,
          false,
          `${tool.name} declares its arguments closed`,
        )
  })
})
