/**
 * The console's agents list: an agent archived elsewhere (through the API here, as from another tab)
 * leaves the list with a line naming it, whether an action on it answers 404 or the list is read
 * again on window focus; its own page then says it is archived. On a 390 px phone each agent is a
 * card whose controls are in view, the table never scrolling sideways, and the state switch keeps
 * keyboard focus through its save.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Page } from 'puppeteer-core'
import {
  assertFitsPhone,
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

async function archive(user: ConsoleUser, id: number): Promise<void> {
  const res = await user.api.delete(`${BC}/agents/${id}`)
  assert.equal(res.statusCode, 200, res.body)
}

/** Waits until the element's text matches (an expression read in the page, which has the DOM). */
const textMatches = (page: Page, selector: string, re: RegExp) =>
  page.waitForFunction(
    `${String(re)}.test(document.querySelector(${JSON.stringify(selector)})?.textContent ?? '')`,
  )

const gone = (page: Page) => page.$eval('[data-gone]', (e) => e.textContent ?? '')

describe('console: the agents list', { skip: consoleSkipReason() }, () => {
  let h: ConsoleHarness
  before(async () => {
    h = await startConsole()
  })
  after(async () => {
    await h?.close()
  })

  it('drops an agent archived elsewhere, on a 404 or when read again, and says so', async () => {
    const user = await h.newUser()
    const kept = await newAgent(user, 'Kept bot')
    const first = await newAgent(user, 'Elsewhere bot')
    const second = await newAgent(user, 'Focus-gone bot')
    const page = await h.login(user, '/agents')
    await page.waitForSelector(`tr[data-agent="${second}"]`)

    // Archived through the API; halting it from the stale row answers 404.
    await archive(user, first)
    await page.click(`tr[data-agent="${first}"] input[type=radio][value=halted]`)
    await page.waitForFunction(`!document.querySelector('tr[data-agent="${first}"]')`)
    assert.match(await gone(page), /archived elsewhere.*Elsewhere bot/)
    assert.ok(await page.$(`tr[data-agent="${kept}"]`), 'the others stay')

    // Archived through the API again; coming back to the tab reads the list again.
    await archive(user, second)
    await page.evaluate("window.dispatchEvent(new Event('visibilitychange'))")
    await page.waitForFunction(`!document.querySelector('tr[data-agent="${second}"]')`)
    await textMatches(page, '[data-gone]', /Focus-gone bot/)
    assert.match(await gone(page), /Elsewhere bot, Focus-gone bot\.$/)
    assert.deepEqual(await h.axe(page), [], 'axe with the line')

    // Its own page, opened from an old link, says it is archived.
    await page.goto(`${h.base}/app/agents/${first}`)
    await page.waitForSelector('[data-gone]')
    assert.match(await gone(page), /archived/)
    await page.close()
  })

  it('lays the agents out as cards on a phone, controls in view and focus kept', async () => {
    const user = await h.newUser()
    const id = await newAgent(user, 'A phone bot with a rather long name to wrap')
    await user.api.post(`${BC}/agents/${id}/credentials`, { scopes: ['orders:read'] })
    const page = await h.login(user, '/agents')
    await page.setViewport({ width: 390, height: 844 })
    const row = `tr[data-agent="${id}"]`
    await page.waitForSelector(`${row} input[value=active]:checked`)
    assert.equal(
      await page.$eval('.table-wrap', (w) => w.scrollWidth <= w.clientWidth),
      true,
      'the table does not scroll sideways',
    )
    for (const control of ['input[value=halted]', 'input[role=switch]', 'select', 'a']) {
      const box = await page.$eval(`${row} ${control}`, (e) => {
        const r = e.getBoundingClientRect()
        return { left: r.left, right: r.right }
      })
      assert.ok(box.left >= 0 && box.right <= 390, `${control} at ${box.left}–${box.right}px of 390`)
    }
    // Stacked: the trading state sits below the name, labelled.
    const [name, state] = await Promise.all(
      [`${row} th`, `${row} td[data-label="Trading state"]`].map((s) =>
        page.$eval(s, (e) => e.getBoundingClientRect().top),
      ),
    )
    assert.ok(state! > name!, `the state (${state}) below the name (${name})`)
    await assertFitsPhone(page)
    assert.deepEqual(await h.axe(page), [], 'axe on the phone layout')

    await page.focus(`${row} input[value=active]`)
    await page.keyboard.press('ArrowRight')
    await page.waitForSelector(`${row}[data-state=reducing]`)
    await page.evaluate('new Promise((r) => setTimeout(r, 300))')
    assert.equal(await page.evaluate('document.activeElement?.value'), 'reducing')
    await page.close()
  })
})
