/**
 * Agent names are unique among a tenant's live agents, trimmed and ignoring case: 409
 * `bot.agent_name_taken` on create and on rename; archiving frees a name; another tenant may use it;
 * parallel creates of one name leave exactly one agent.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertProblem, json } from '../helpers/assertions.ts'
import { useTestApp } from '../helpers/test-app.ts'
import { BOT, createAgent } from './bot-controls-fixtures.ts'

const t = useTestApp()

const names = async (u: Awaited<ReturnType<typeof t.newTenant>>) =>
  json(await u.get(`${BOT}/agents`)).items.map((a: { name: string }) => a.name)

describe('bot-controls agent names', () => {
  it('refuses a second live agent of the same name, trimmed and in any case: 409 naming it', async () => {
    const u = await t.newTenant()
    await createAgent(u, { name: 'Momentum' })
    for (const name of ['Momentum', '  momentum ', 'MOMENTUM']) {
      const res = await u.post(`${BOT}/agents`, { name })
      assertProblem(res, 409, 'bot.agent_name_taken')
      assert.equal(json(res).name, name.trim())
    }
    assert.deepEqual(await names(u), ['Momentum'])
  })

  it('refuses a rename to another agent’s name; an agent may keep or re-case its own', async () => {
    const u = await t.newTenant()
    await createAgent(u, { name: 'Momentum' })
    const other = (await createAgent(u, { name: 'Mean reversion' })).agent_id as number
    assertProblem(await u.patch(`${BOT}/agents/${other}`, { name: ' momentum' }), 409, 'bot.agent_name_taken')
    const recased = await u.patch(`${BOT}/agents/${other}`, { name: 'MEAN REVERSION' })
    assert.equal(recased.statusCode, 200, recased.body)
    const same = await u.patch(`${BOT}/agents/${other}`, { name: 'MEAN REVERSION', enabled: false })
    assert.equal(same.statusCode, 200, same.body)
    assert.deepEqual(await names(u), ['Momentum', 'MEAN REVERSION'])
  })

  it('archiving an agent frees its name; another tenant may use it', async () => {
    const u = await t.newTenant()
    const first = (await createAgent(u, { name: 'Momentum' })).agent_id as number
    assert.equal((await u.delete(`${BOT}/agents/${first}`)).statusCode, 200)
    const again = await createAgent(u, { name: 'momentum' })
    assert.notEqual(again.agent_id, first)
    const other = await t.newTenant()
    assert.equal((await createAgent(other, { name: 'Momentum' })).name, 'Momentum')
  })

  it('parallel creates of one name: exactly one 201, the others 409', async () => {
    const u = await t.newTenant({ plan: 'premium' })
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => u.post(`${BOT}/agents`, { name: i % 2 ? 'Twin' : 'twin ' })),
    )
    const codes = answers.map((r) => r.statusCode).sort()
    assert.deepEqual(codes, [201, 409, 409, 409, 409, 409])
    for (const r of answers.filter((a) => a.statusCode === 409)) assertProblem(r, 409, 'bot.agent_name_taken')
    assert.equal(json(await u.get(`${BOT}/agents`)).total, 1)
  })
})
