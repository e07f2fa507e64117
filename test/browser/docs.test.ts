/**
 * The interactive reference at /docs in a real browser: it loads nothing from another host (no
 * font or script CDN) and shows none of the buttons that lead to outside services.
 */
import assert from 'node:assert/strict'
import { createServer } from 'node:net'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'puppeteer-core'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { browserSkipReason, launchChromium } from '../helpers/browser.ts'

describe('/docs in Chromium', { skip: browserSkipReason() }, () => {
  let t: TestApp
  let browser: Browser
  let base: string

  // One load of the reference for all three checks: it renders the whole document (seconds each).
  let page: Page
  const requested: string[] = []
  const errors: string[] = []
  let status: number | undefined

  before(async () => {
    // The document's server URL is where "Authorize" sends the password, so it must be this server.
    const port = await freePort()
    base = `http://127.0.0.1:${port}`
    t = await buildTestApp({ env: { PUBLIC_BASE_URL: base } })
    await t.app.listen({ port, host: '127.0.0.1' })
    browser = await launchChromium()
    page = await browser.newPage()
    page.on('request', (r) => void requested.push(r.url()))
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())))
    page.on('pageerror', (e) => void errors.push(e instanceof Error ? e.message : String(e)))
    status = (await page.goto(`${base}/docs/`, { waitUntil: 'networkidle0' }))?.status()
  })
  after(async () => {
    await browser?.close()
    await t?.close()
  })

  it('requests only its own origin, logs no error, and offers no AI, MCP, deploy or developer-tools buttons', async () => {
    assert.equal(status, 200)
    await page.waitForFunction(`document.body.innerText.includes('Sextant API')`, { timeout: 30_000 })
    const foreign = requested.filter((u) => !u.startsWith(base) && !u.startsWith('data:'))
    assert.deepEqual(foreign, [], 'every request stays on this origin')
    const text = (await page.evaluate('document.body.innerText')) as string
    for (const word of ['Ask AI', 'MCP', 'Deploy', 'Developer Tools', 'Scalar Cloud'])
      assert.ok(!text.includes(word), `no "${word}" in the page`)
    assert.deepEqual(errors, [], 'no console errors (a missing /favicon.ico was one)')
  })

  it('asks for an e-mail and a password to log in, and nothing this API does not take', async () => {
    await page.waitForFunction(`document.body.innerText.includes('Username')`, { timeout: 30_000 })
    const text = (await page.evaluate('document.body.innerText')) as string
    assert.match(text, /Password/)
    for (const word of ['Refresh URL', 'Client ID', 'Client Secret', 'Credentials Location'])
      assert.ok(!text.includes(word), `no "${word}" in the login form`)
    assert.equal(await page.title(), 'Sextant API reference')
  })

  it('logs in with an e-mail and a password typed into the form', async () => {
    const email = `docs.${process.pid}@example.test`
    const password = 'orbit-lantern-42'
    const registered = await t.anon.post('/api/auth/register', { email, password })
    assert.equal(registered.statusCode, 201, registered.body)
    const tokens: number[] = []
    page.on('response', (r) => void (r.url().endsWith('/api/auth/token') && tokens.push(r.status())))
    await typeInto(page, 'Username', email)
    await typeInto(page, 'Password', password)
    const [authorize] = await page.$$('xpath/.//button[normalize-space()="Authorize"]')
    assert.ok(authorize, 'an Authorize button')
    await authorize.click()
    await page.waitForFunction(`document.body.innerText.includes('Access Token')`, { timeout: 15_000 })
    assert.deepEqual(tokens, [200], 'one token request, answered 200')
  })
})

/** Types into the first visible form field whose label reads `label` (Scalar's fields are editors). */
async function typeInto(page: Page, label: string, text: string): Promise<void> {
  const fields = await page.$$(
    `xpath/.//tr[.//label[normalize-space()="${label}"]]//*[@role="textbox" or self::input]`,
  )
  for (const field of fields) {
    if (!(await field.isVisible())) continue
    await field.click()
    await page.keyboard.type(text)
    return
  }
  assert.fail(`no visible "${label}" field`)
}

/** A port nothing listens on now (the server's URL must be known before it is built). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}
