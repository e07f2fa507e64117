/**
 * A read that fails to refresh in Chromium: with the agents list on screen, a refresh that the API
 * answers 503 (the browser's requests intercepted) leaves the list shown, with a status line giving
 * the time of the last good read, and no error panel; the next good refresh removes the line. A first
 * load that fails shows the API's problem instead.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { HTTPRequest, Page } from 'puppeteer-core'
import {
  type ConsoleHarness,
  consoleSkipReason,
  type ConsoleUser,
  startConsole,
} from '../../helpers/console.ts'

const BC = '/api/bot-controls'
const DETAIL = 'The database is not answering.'

async function newAgent(user: ConsoleUser, name: string): Promise<number> {
  const res = await user.api.post(`${BC}/agents`, { name })
  assert.equal(res.statusCode, 201, res.body)
  return (JSON.parse(res.body) as { agent_id: number }).agent_id
}

/** Answers the agents list with a 503 problem while `failing()` holds; counts the answers refused. */
async function failAgentsList(page: Page, failing: () => boolean): Promise<{ refused: number }> {
  const seen = { refused: 0 }
  await page.setRequestInterception(true)
  page.on('request', (r: HTTPRequest) => {
    if (r.isInterceptResolutionHandled()) return
    if (failing() && r.method() === 'GET' && new URL(r.url()).pathname === `${BC}/agents`) {
      seen.refused++
      void r.respond({
        status: 503,
        contentType: 'application/problem+json',
        body: JSON.stringify({
          type: 'about:blank',
          title: 'Service Unavailable',
          status: 503,
          detail: DETAIL,
        }),
      })
      return
    }
    void r.continue()
  })
  return seen
}

const refocus = (page: Page) => page.evaluate("window.dispatchEvent(new Event('visibilitychange'))")

describe('console: a read that fails to refresh', { skip: consoleSkipReason() }, () => {
  let h: ConsoleHarness
  before(async () => {
    h = await startConsole()
  })
  after(async () => {
    if (h) {
      // The 503s are this file's own doing, not the service's: the harness fails on any 5xx it saw.
      const ours = (p: string) => p.includes(`${BC}/agents`) || /status of 503/.test(p)
      h.problems.splice(0, h.problems.length, ...h.problems.filter((p) => !ours(p)))
    }
    await h?.close()
  })

  it('keeps the data shown with a notice of its time, and drops the notice on a good refresh', async () => {
    const user = await h.newUser()
    const id = await newAgent(user, 'Steady bot')
    const page = await h.login(user, '/agents')
    await page.waitForSelector(`tr[data-agent="${id}"]`)
    let failing = true
    const seen = await failAgentsList(page, () => failing)
    const failedFrom = Date.now()

    await refocus(page) // the list is read again on focus
    const notice = await page.waitForSelector('.stale-notice[role=status]', { timeout: 20_000 })
    assert.ok(seen.refused >= 1, 'the refresh was answered 503')
    const [text, since] = await notice!.evaluate((e) => [
      e.textContent ?? '',
      e.getAttribute('data-stale-since'),
    ])
    assert.ok(since && Date.parse(since) <= failedFrom, `the last good read is before the failure: ${since}`)
    const hhmm = await page.evaluate(
      (iso) =>
        new Intl.DateTimeFormat(
          (globalThis as unknown as { navigator: { language: string } }).navigator.language,
          { hour: '2-digit', minute: '2-digit' },
        ).format(new Date(iso)),
      since,
    )
    assert.equal(text, `Could not refresh — showing data from ${hhmm}`)
    assert.ok(await page.$(`tr[data-agent="${id}"]`), 'the agent is still listed')
    assert.equal(await page.$('.problem[role=alert]'), null, 'no error panel in its place')
    assert.deepEqual(await h.axe(page), [])

    failing = false
    await refocus(page)
    await page.waitForFunction("!document.querySelector('.stale-notice')")
    assert.ok(await page.$(`tr[data-agent="${id}"]`))
    await page.close()
  })

  it('shows the problem when the first load fails', async () => {
    const user = await h.newUser()
    await newAgent(user, 'Unreadable bot')
    const page = await h.login(user, '/')
    await failAgentsList(page, () => true)
    await page.goto(`${h.base}/app/agents`, { waitUntil: 'load' })
    const alert = await page.waitForSelector('.problem[role=alert]', { timeout: 20_000 })
    assert.equal(await alert!.evaluate((e) => e.textContent), DETAIL)
    assert.equal(await page.$('.stale-notice'), null)
    assert.equal(await page.$('tr[data-agent]'), null)
    await page.close()
  })
})
