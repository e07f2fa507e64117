/**
 * The pages in a real browser (headless Chromium): the landing page renders its links; the
 * e-mailed verification link confirms the address; the reset link's form shows the API's refusal
 * of a weak password, then sets a strong one the next login accepts. Under the pages' CSP: any
 * violation Chromium reports fails the test.
 */
import assert from 'node:assert/strict'
import { createServer } from 'node:net'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'puppeteer-core'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { browserSkipReason, launchChromium } from '../helpers/browser.ts'

const PASSWORD = 'correct horse battery'
const NEW_PASSWORD = 'a new and longer passphrase'

/** A free TCP port, so PUBLIC_BASE_URL (http://localhost:PORT by default) is where the app listens. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })

describe('pages in Chromium', { skip: browserSkipReason() }, () => {
  let t: TestApp
  let browser: Browser
  let base: string
  const cspViolations: string[] = []

  before(async () => {
    const port = await freePort()
    t = await buildTestApp({
      env: { PORT: String(port), REGISTRATIONS_PER_IP_PER_HOUR: '1000', MESSAGES_PER_IP_PER_HOUR: '1000' },
    })
    base = t.c.config.PUBLIC_BASE_URL
    assert.equal(base, `http://localhost:${port}`, 'the default base URL follows PORT')
    await t.app.listen({ port, host: 'localhost' })
    browser = await launchChromium()
  })
  after(async () => {
    await browser?.close()
    await t?.close()
  })

  async function open(url: string): Promise<Page> {
    const page = await browser.newPage()
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text())
    })
    const res = await page.goto(url, { waitUntil: 'load' })
    assert.equal(res?.status(), 200, url)
    return page
  }

  /** The link to `path` in the newest e-mail to `email` that has one (mail jobs finish in any order). */
  async function linkIn(email: string, path: string, withToken = true): Promise<string> {
    await t.c.jobs.drain()
    const mails = await t.c.scopes.withSystem('test: outbox', ({ db }) =>
      db
        .selectFrom('email_outbox')
        .select('text_body')
        .where('to_address', '=', email)
        .orderBy('id', 'desc')
        .execute(),
    )
    const pattern = new RegExp(`${base}${path}${withToken ? '\\?token=[^\\s"]+' : '(?=\\s)'}`)
    const link = mails.map((m) => pattern.exec(m.text_body)?.[0]).find(Boolean)
    assert.ok(link, `a ${path} link in: ${mails.map((m) => m.text_body).join('\n---\n')}`)
    return link
  }

  const login = (email: string, password: string) =>
    t.anon.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: new URLSearchParams({ grant_type: 'password', username: email, password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })

  async function register(email: string) {
    const res = await t.anon.post('/api/auth/register', {
      email,
      password: PASSWORD,
      full_name: 'Page Reader',
    })
    assert.equal(res.statusCode, 201, res.body)
  }

  const outcome = (page: Page, selector: string) =>
    page.waitForSelector(`${selector}[data-outcome]`).then(() =>
      page.$eval(selector, (el) => ({
        outcome: el.getAttribute('data-outcome'),
        text: el.textContent ?? '',
      })),
    )

  it('renders the landing page with its links', async () => {
    const page = await open(`${base}/`)
    assert.equal(await page.$eval('h1', (h) => h.textContent), 'Sextant')
    const hrefs = await page.$$eval('a', (as) => as.map((a) => a.getAttribute('href')))
    for (const href of ['/docs', '/openapi.json', '/healthz', '/readyz'])
      assert.ok(hrefs.includes(href), href)
    // A string, so this file needs no DOM typings: it runs in the page.
    const css = await page.evaluate(`getComputedStyle(document.querySelector('main')).maxWidth`)
    assert.equal(css, '672px', 'the stylesheet applies (42rem)')
    await page.close()
  })

  it('the e-mailed verification link verifies the address', async () => {
    const email = `verify.${process.pid}@example.test`
    await register(email)
    const page = await open(await linkIn(email, '/verify-email'))
    const shown = await outcome(page, '#status')
    assert.equal(shown.outcome, 'done', shown.text)
    assert.match(shown.text, new RegExp(`${email.replace(/\./g, '\\.')} is verified`))
    const token = (JSON.parse((await login(email, PASSWORD)).body) as { access_token: string }).access_token
    const me = await t.anon.get('/api/auth/me', { authorization: `Bearer ${token}` })
    assert.equal((JSON.parse(me.body) as { email_verified: boolean }).email_verified, true)
    const next = await page.$eval('a[href="/app/login"]', (a) => a.textContent)
    assert.equal(next, 'Log in to the console', 'the page leads on to the console’s login')
    await page.reload({ waitUntil: 'load' })
    const again = await outcome(page, '#status')
    assert.equal(again.outcome, 'failed', 'a used link says so')
    assert.doesNotMatch(again.text, /POST|\/api\//, 'in words for a person, not an API call')
    await page.close()
  })

  /** Fills `#request` with `email`, submits it, and answers what `#request-status` then says. */
  async function requestNewLink(page: Page, email: string) {
    await page.waitForSelector('#request:not([hidden])')
    await page.locator('#email').fill(email)
    await page.click('#request button[type=submit]')
    return outcome(page, '#request-status')
  }

  it('a used verification link offers a form that e-mails a new link', async () => {
    const email = `verify.again.${process.pid}@example.test`
    await register(email)
    const link = await linkIn(email, '/verify-email')
    const first = await open(link)
    assert.equal((await outcome(first, '#status')).outcome, 'done')
    await first.close()
    // Verified already: the same page now offers the form; an unverified address gets a new link.
    const other = `verify.new.${process.pid}@example.test`
    await register(other)
    const page = await open(link)
    assert.equal((await outcome(page, '#status')).outcome, 'failed')
    const sent = await requestNewLink(page, other)
    assert.equal(sent.outcome, 'sent', sent.text)
    const fresh = await linkIn(other, '/verify-email')
    const next = await open(fresh)
    assert.equal((await outcome(next, '#status')).outcome, 'done')
    await Promise.all([page.close(), next.close()])
  })

  it('the reactivation link opens a page whose button reactivates the account', async () => {
    const email = `reactivate.${process.pid}@example.test`
    await register(email)
    const token = (JSON.parse((await login(email, PASSWORD)).body) as { access_token: string }).access_token
    const off = await t.anon.post(
      '/api/auth/deactivate',
      { password: PASSWORD },
      { authorization: `Bearer ${token}` },
    )
    assert.equal(off.statusCode, 204, off.body)
    assert.equal((await t.anon.post('/api/auth/reactivate/request', { email })).statusCode, 204)
    const page = await open(await linkIn(email, '/reactivate'))
    assert.equal(await page.$eval('h1', (h) => h.textContent), 'Reactivate your account')
    assert.equal((await login(email, PASSWORD)).statusCode, 400, 'opening the page changes nothing')
    await page.click('#reactivate')
    const done = await outcome(page, '#status')
    assert.equal(done.outcome, 'done', done.text)
    assert.equal((await login(email, PASSWORD)).statusCode, 200)
    await page.reload({ waitUntil: 'load' })
    await page.click('#reactivate')
    const used = await outcome(page, '#status')
    assert.equal(used.outcome, 'failed', 'a used link says so')
    assert.match(used.text, /already used or has expired/)
    await page.close()
  })

  it("the registration notice's link asks for the address and e-mails a reset link", async () => {
    const email = `taken.${process.pid}@example.test`
    await register(email)
    await register(email) // the same answer; the owner gets a notice
    const page = await open(await linkIn(email, '/reset-password', false))
    assert.equal(await page.$eval('#reset', (f) => f.hasAttribute('hidden')), true, 'no password form yet')
    const sent = await requestNewLink(page, email)
    assert.equal(sent.outcome, 'sent', sent.text)
    const reset = await open(await linkIn(email, '/reset-password'))
    assert.equal(
      await reset.$eval('#reset', (f) => f.hasAttribute('hidden')),
      false,
      'the form to choose one',
    )
    await Promise.all([page.close(), reset.close()])
  })

  it("the briefing's unsubscribe link ends on a sentence, not JSON, and names no settings page", async () => {
    const u = await t.newTenant({ plan: 'pro' })
    await t.c.scopes.withSystem('test: verify e-mail', ({ db }) =>
      db.updateTable('app_user').set({ email_verified_at: new Date() }).where('id', '=', u.userId).execute(),
    )
    const sub = await u.put('/api/trading-intel/email-briefing/subscription', { enabled: true })
    assert.equal(sub.statusCode, 200, sub.body)
    const sendNow = await u.post('/api/trading-intel/email-briefing', {})
    assert.ok(sendNow.statusCode < 300, sendNow.body)
    // Bulk mail's one-click link (RFC 8058) is the notifications module's, for the briefing list.
    const page = await open(await linkIn(u.email, '/api/notifications/unsubscribe'))
    await page.waitForFunction(`document.querySelector('#intro')?.textContent.includes('briefing')`)
    assert.doesNotMatch(await page.$eval('main', (m) => m.textContent ?? ''), /settings/i)
    await page.click('#unsubscribe button[type=submit]')
    const done = await outcome(page, '#status')
    assert.equal(done.outcome, 'done', done.text)
    assert.match(done.text, /You are unsubscribed/)
    assert.doesNotMatch(done.text, /[{}]|settings/i)
    const after = await u.get('/api/trading-intel/email-briefing/subscription')
    assert.equal(JSON.parse(after.body).enabled, false)
    await page.close()
  })

  it('the reset link shows the API refusing a weak password, then sets a strong one', async () => {
    const email = `reset.${process.pid}@example.test`
    await register(email)
    const req = await t.anon.post('/api/auth/password-reset/request', { email })
    assert.equal(req.statusCode, 204, req.body)
    const page = await open(await linkIn(email, '/reset-password'))
    const submit = async (password: string) => {
      for (const id of ['#new_password', '#repeat_password']) await page.locator(id).fill(password)
      await page.click('#reset button[type=submit]')
    }
    await submit('short')
    const refused = await outcome(page, '#errors')
    assert.equal(refused.outcome, 'failed')
    assert.match(refused.text, /new password: must be at least \d+ characters/)
    assert.equal((await login(email, 'short')).statusCode, 400)

    await submit(NEW_PASSWORD)
    const done = await outcome(page, '#status')
    assert.equal(done.outcome, 'done', done.text)
    assert.equal(await page.$eval('#reset', (f) => f.hasAttribute('hidden')), true, 'the form is gone')
    assert.equal((await login(email, NEW_PASSWORD)).statusCode, 200)
    assert.equal((await login(email, PASSWORD)).statusCode, 400, 'the old password no longer works')
    await page.close()
  })

  it('reports no Content-Security-Policy violation on any page', () => {
    assert.deepEqual(cspViolations, [])
  })
})
