/**
 * The interactive reference at /docs in a real browser: it loads nothing from another host (no
 * font or script CDN) and shows none of the buttons that lead to outside services.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser } from 'puppeteer-core'
import { buildTestApp, type TestApp } from '../helpers/test-app.ts'
import { browserSkipReason, launchChromium } from '../helpers/browser.ts'

describe('/docs in Chromium', { skip: browserSkipReason() }, () => {
  let t: TestApp
  let browser: Browser
  let base: string

  before(async () => {
    t = await buildTestApp()
    base = await t.app.listen({ port: 0, host: '127.0.0.1' })
    browser = await launchChromium()
  })
  after(async () => {
    await browser?.close()
    await t?.close()
  })

  it('requests only its own origin, and offers no AI, MCP, deploy or developer-tools buttons', async () => {
    const page = await browser.newPage()
    const requested: string[] = []
    page.on('request', (r) => void requested.push(r.url()))
    const res = await page.goto(`${base}/docs/`, { waitUntil: 'networkidle0' })
    assert.equal(res?.status(), 200)
    await page.waitForFunction(`document.body.innerText.includes('Sextant API')`, { timeout: 30_000 })
    const foreign = requested.filter((u) => !u.startsWith(base) && !u.startsWith('data:'))
    assert.deepEqual(foreign, [], 'every request stays on this origin')
    const text = (await page.evaluate('document.body.innerText')) as string
    for (const word of ['Ask AI', 'MCP', 'Deploy', 'Developer Tools', 'Scalar Cloud'])
      assert.ok(!text.includes(word), `no "${word}" in the page`)
    await page.close()
  })

  it('asks for an e-mail and a password to log in, and no refresh URL', async () => {
    const page = await browser.newPage()
    await page.goto(`${base}/docs/`, { waitUntil: 'networkidle0' })
    await page.waitForFunction(`document.body.innerText.includes('Username')`, { timeout: 30_000 })
    const text = (await page.evaluate('document.body.innerText')) as string
    assert.match(text, /Password/)
    for (const word of ['Refresh URL']) assert.ok(!text.includes(word), `no "${word}" in the login form`)
    await page.close()
  })
})
