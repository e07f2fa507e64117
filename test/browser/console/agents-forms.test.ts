/**
 * The agent page's forms say what to fix: the allow-list's 422 names the refused symbols themselves
 * under the Symbols field (the API names them only by their place in the list), and the key's
 * button, greyed out with no scope ticked, says why.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import {
  type ConsoleHarness,
  consoleSkipReason,
  type ConsoleUser,
  startConsole,
} from '../../helpers/console.ts'

const BC = '/api/bot-controls'

async function newAgent(user: ConsoleUser, name: string): Promise<number> {
  const res = await user.api.post(`${BC}/agents`, { name })
  assert.equal(res.statusCode, 201, res.body)
  return (JSON.parse(res.body) as { agent_id: number }).agent_id
}

describe('console: the agent page’s forms', { skip: consoleSkipReason() }, () => {
  let h: ConsoleHarness
  before(async () => {
    h = await startConsole()
  })
  after(async () => {
    await h?.close()
  })

  it('names the refused symbols under the Symbols field', async () => {
    const user = await h.newUser()
    const id = await newAgent(user, 'Picky bot')
    const page = await h.login(user, `/agents/${id}`)
    await page.waitForSelector('input[name=allowed_symbols]')
    await page.type('input[name=allowed_symbols]', 'AAPL, $$$ toolongsymbol12')
    await page.click('button::-p-text(Save what it may trade)')
    await page.waitForSelector('input[name=allowed_symbols][aria-invalid=true]')
    const message = await page.$eval('input[name=allowed_symbols]', (e) => {
      const id = e.getAttribute('aria-describedby') ?? ''
      return e.ownerDocument.getElementById(id)?.textContent ?? ''
    })
    assert.match(message, /^“\$\$\$”, “toolongsymbol12”: must be a ticker/)
    assert.doesNotMatch(message, /AAPL/)
    const stored = JSON.parse((await user.api.get(`${BC}/agents/${id}`)).body) as {
      allowed_symbols: string[] | null
    }
    assert.equal(stored.allowed_symbols, null, 'nothing saved')
    await page.close()
  })

  it('says why the key cannot be issued with no scope ticked', async () => {
    const user = await h.newUser()
    const id = await newAgent(user, 'Scopeless bot')
    const page = await h.login(user, `/agents/${id}`)
    await page.waitForSelector('input[name=scopes]')
    assert.equal(await page.$('[data-no-scope]'), null, 'no hint while a scope is ticked')
    for (const box of await page.$$('input[name=scopes]:checked')) await box.click()
    await page.waitForSelector('[data-no-scope]')
    const button = 'button::-p-text(Issue a key)'
    const described = await page.$eval(button, (b) => {
      const id = b.getAttribute('aria-describedby') ?? ''
      return [
        (b as unknown as { disabled: boolean }).disabled,
        b.ownerDocument.getElementById(id)?.textContent,
      ]
    })
    assert.deepEqual(described, [true, 'Tick at least one thing the key may do.'])
    await page.click('input[name=scopes][value="orders:read"]')
    await page.waitForFunction(`!document.querySelector('[data-no-scope]')`)
    await page.close()
  })
})
