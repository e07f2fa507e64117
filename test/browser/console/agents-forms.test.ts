/**
 * The agent page's forms say what to fix: the allow-list's 422 names the refused symbols themselves
 * under the Symbols field (the API names them only by their place in the list), the key's
 * button, greyed out with no scope ticked, says why, and the rotation's confirm button, pressed twice
 * from the keyboard while its request is held, keeps focus and sends one request.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { HTTPRequest } from 'puppeteer-core'
import {
  type ConsoleHarness,
  consoleSkipReason,
  type ConsoleUser,
  nextFrames,
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

  it('keeps focus on the rotation’s confirm button and sends one request for a double press', async () => {
    const user = await h.newUser()
    const id = await newAgent(user, 'Rotating bot')
    const issued = await user.api.post(`${BC}/agents/${id}/credentials`, { scopes: ['orders:read'] })
    assert.equal(issued.statusCode, 201, issued.body)
    const page = await h.login(user, `/agents/${id}`)
    await page.waitForSelector('[data-agent-key-prefix]')

    // The rotation is held in the browser until released, so the presses land while it is sent.
    const path = `${BC}/agents/${id}/credentials`
    let sent = 0
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.setRequestInterception(true)
    page.on('request', (r: HTTPRequest) => {
      if (r.isInterceptResolutionHandled()) return
      if (r.method() === 'POST' && new URL(r.url()).pathname === path) {
        sent++
        void held.then(() => r.continue())
      } else void r.continue()
    })
    await page.click('button::-p-text(Rotate the key)')
    const confirm = 'button::-p-text(Yes, rotate the key)'
    await page.focus(confirm)
    await page.keyboard.press('Enter')
    for (let i = 0; sent === 0 && i < 250; i++) await new Promise((r) => setTimeout(r, 20))
    assert.equal(sent, 1, 'the first press sent the rotation')
    await nextFrames(page)
    const focused = await page.evaluate('document.activeElement?.textContent')
    assert.equal(focused, 'Yes, rotate the key', 'focus stays on the pressed button while it is sent')
    assert.ok(await page.$('button[aria-disabled=true]::-p-text(Yes, rotate the key)'), 'marked as busy')
    await page.keyboard.press('Enter')
    release()
    await page.waitForSelector('[data-agent-key]')
    assert.equal(sent, 1, 'one rotation sent for two presses')
    const key = await page.$eval('[data-agent-key]', (e) => e.textContent ?? '')
    const agent = JSON.parse((await user.api.get(`${BC}/agents/${id}`)).body) as {
      credential: { prefix: string }
    }
    assert.ok(key.startsWith(agent.credential.prefix), 'the key shown is the agent’s current one')
    await page.close()
  })
})
