/**
 * Settings in Chromium: two-step verification enrolled from the QR page (the secret read off the page,
 * the code computed here), the recovery codes shown, then a logout and a login that asks for the code;
 * the profile saved (and the API's 422 next to the phone field); the API key rotated to a key that
 * works; the base currency changed; the plan's limits, features and usage equal to the API's. Each state
 * passes axe-core and fits a 390 px wide screen.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import * as OTPAuth from 'otpauth'
import type { Page } from 'puppeteer-core'
import { encode } from 'uqr'
import {
  type ConsoleHarness,
  consoleSkipReason,
  type ConsoleUser,
  startConsole,
  assertFitsPhone,
} from '../../helpers/console.ts'

const text = (page: Page, sel: string) =>
  page.$eval(sel, (e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim())
const body = <T>(res: { body: string }) => JSON.parse(res.body) as T

/** Waits until the text of the element `sel` is `want` (or starts with it, or is there and differs). */
function waitText(page: Page, sel: string, want: string, how: 'is' | 'startsWith' | 'changedFrom' = 'is') {
  const t = `(document.querySelector(${JSON.stringify(sel)})?.textContent ?? '')`
  const w = JSON.stringify(want)
  const test = {
    is: `${t} === ${w}`,
    startsWith: `${t}.startsWith(${w})`,
    changedFrom: `${t} !== '' && ${t} !== ${w}`,
  }
  return page.waitForFunction(test[how])
}

async function settings(h: ConsoleHarness, user: ConsoleUser): Promise<Page> {
  const page = await h.login(user, '/settings')
  await page.waitForSelector('form[aria-label="Profile"]')
  return page
}

describe('console: settings', { skip: consoleSkipReason() }, () => {
  let h: ConsoleHarness
  before(async () => {
    h = await startConsole()
  })
  after(async () => {
    await h?.close()
  })

  it('enrols two-step verification from the QR code; the next login asks for a code', async () => {
    const user = await h.newUser()
    const page = await settings(h, user)
    assert.deepEqual(await h.axe(page), [])
    await assertFitsPhone(page)
    await page.locator('button::-p-text(Set up two-step verification)').click()
    await page.waitForSelector('svg.qr[role=img]')
    const secret = await text(page, '[data-secret]')
    const url = await page.$eval('a[href^="otpauth://"]', (a) => a.getAttribute('href')!)
    assert.equal(new URL(url).searchParams.get('secret'), secret)
    // The drawn modules are the QR matrix of the otpauth:// URL.
    const expected = encode(url, { ecc: 'M', border: 4 }).data
    const dark = await page.$$eval('svg.qr rect[width="1"]', (rs) =>
      rs.map((r) => `${r.getAttribute('x')},${r.getAttribute('y')}`),
    )
    const want = expected.flatMap((row, y) => row.flatMap((on, x) => (on ? [`${x},${y}`] : [])))
    assert.deepEqual(dark.sort(), want.sort())
    assert.deepEqual(await h.axe(page), [])
    await assertFitsPhone(page)

    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) })
    await page.type('form[aria-label="Confirm two-step verification"] input[name=code]', '000000')
    await page.locator('button::-p-text(Turn on two-step verification)').click()
    await page.waitForSelector('form[aria-label="Confirm two-step verification"] .field-error')
    await page.$eval(
      'form[aria-label="Confirm two-step verification"] input[name=code]',
      (e) => ((e as unknown as { value: string }).value = ''),
    )
    // The previous step's code enrols, so the current one is still unused for the login below.
    await page.type(
      'form[aria-label="Confirm two-step verification"] input[name=code]',
      totp.generate({ timestamp: Date.now() - 30_000 }),
    )
    await page.locator('button::-p-text(Turn on two-step verification)').click()
    await page.waitForSelector('.recovery-codes')
    const codes = await page.$$eval('.recovery-codes code', (cs) => cs.map((c) => c.textContent))
    assert.equal(codes.length, 10)
    assert.equal(new Set(codes).size, 10)
    assert.equal(body<{ mfa_enabled: boolean }>(await user.api.get('/api/auth/me')).mfa_enabled, true)
    await waitText(page, '[data-mfa-status]', 'on')
    assert.deepEqual(await h.axe(page), [])

    await page.locator('button::-p-text(Log out of this browser)').click()
    await page.waitForSelector('form[aria-label="Log in"]')
    await page.type('input[name=email]', user.email)
    await page.type('input[name=password]', user.password)
    await page.click('button[type=submit]')
    await page.waitForSelector('form[aria-label="Two-step verification"]')
    assert.equal(
      await page.$eval('input[name=code]', (i) => (i as unknown as { value: string }).value),
      '',
      'the code field starts empty',
    )
    await page.type('input[name=code]', totp.generate())
    await page.click('button[type=submit]')
    const landed = await page.waitForSelector('header.topbar, [role=alert]')
    assert.equal(
      await landed!.evaluate((e) => e.tagName),
      'HEADER',
      await landed!.evaluate((e) => e.textContent),
    )

    // Turning it off takes a recovery code.
    await page.goto(`${h.base}/app/settings`)
    await page.waitForSelector('form[aria-label="Turn off two-step verification"]')
    await page.type('form[aria-label="Turn off two-step verification"] input[name=code]', codes[0])
    await page.locator('button::-p-text(Turn off two-step verification)').click()
    await waitText(page, '[data-mfa-status]', 'off')
    assert.equal(body<{ mfa_enabled: boolean }>(await user.api.get('/api/auth/me')).mfa_enabled, false)
    await page.close()
  })

  it('saves the profile; a bad phone shows the API’s message next to the field', async () => {
    const user = await h.newUser()
    const page = await settings(h, user)
    const refused = body<{ errors: { loc: string[]; msg: string }[] }>(
      await user.api.patch('/api/auth/me', { phone: '12345' }),
    )
    const message = refused.errors.find((e) => e.loc.at(-1) === 'phone')!.msg
    await page.type('input[name=phone]', '12345')
    await page.locator('button::-p-text(Save profile)').click()
    await page.waitForSelector('input[name=phone][aria-invalid=true]')
    const described = await page.$eval('input[name=phone]', (i) => i.getAttribute('aria-describedby'))
    const shown = await text(page, `[id="${described}"]`)
    assert.equal(shown, message)
    assert.deepEqual(await h.axe(page), [])

    await page.$eval('input[name=phone]', (e) => ((e as unknown as { value: string }).value = ''))
    await page.$eval('input[name=full_name]', (e) => ((e as unknown as { value: string }).value = ''))
    await page.type('input[name=full_name]', 'Ada Lovelace')
    await page.locator('button::-p-text(Save profile)').click()
    await page.waitForSelector('form[aria-label="Profile"] [role=status]')
    assert.equal(body<{ full_name: string }>(await user.api.get('/api/auth/me')).full_name, 'Ada Lovelace')
    assert.equal(await text(page, '.who'), 'Ada Lovelace')
    assert.equal(await text(page, '[data-email-verified]'), 'not verified')
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/auth/verify-email/request'))
    await page.locator('button::-p-text(Resend verification e-mail)').click()
    assert.equal((await sent).status(), 204)
    await page.waitForSelector('::-p-text(A new verification link is on its way)')
    await page.close()
  })

  it('rotates the API key after a confirmation; the new key works and the old one does not', async () => {
    const user = await h.newUser()
    const page = await settings(h, user)
    await page
      .browser()
      .defaultBrowserContext()
      .overridePermissions(h.base, ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write'])
    await page.locator('button::-p-text(Show my API key)').click()
    const first = await text(page, await page.waitForSelector('[data-api-key]').then(() => '[data-api-key]'))
    const me = (key: string) => h.t.anon.get('/api/auth/me', { 'x-api-key': key })
    assert.equal((await me(first)).statusCode, 200)
    await page.locator('button::-p-text(Rotate key…)').click()
    await page.waitForSelector('[aria-label="Confirm rotation"]')
    assert.deepEqual(await h.axe(page), [])
    await page.locator('button::-p-text(Yes, rotate the key)').click()
    await waitText(page, '[data-api-key]', first, 'changedFrom')
    const rotated = await text(page, '[data-api-key]')
    const res = await me(rotated)
    assert.equal(res.statusCode, 200)
    assert.equal(body<{ email: string }>(res).email, user.email)
    assert.equal((await me(first)).statusCode, 401)
    await page.bringToFront() // the clipboard API needs the focused tab
    await page.locator('button::-p-text(Copy the key)').click()
    await page.waitForSelector('::-p-text(Copied.), ::-p-text(Copying failed)')
    assert.match(await text(page, '.api-key [role=status]'), /^Copied\.$/)
    assert.equal(await page.evaluate('navigator.clipboard.readText()'), rotated)
    await assertFitsPhone(page)
    await page.close()
  })

  it('changes the base currency; shows the plan’s limits, features and usage as the API has them', async () => {
    const user = await h.newUser()
    const created = await user.api.post('/api/accounts', { name: 'Manual one', broker_type: 'manual' })
    assert.equal(created.statusCode, 201, created.body)
    for (const name of ['One', 'Two'])
      assert.equal((await user.api.post('/api/bot-controls/agents', { name })).statusCode, 201)
    const page = await settings(h, user)
    const ent = body<{ plan: string; features: Record<string, boolean>; limits: Record<string, number> }>(
      await user.api.get('/api/auth/me/entitlements'),
    )
    await page.waitForSelector(`[data-plan="${ent.plan}"]`)
    for (const [k, v] of Object.entries(ent.limits))
      assert.equal(await text(page, `[data-allowed="${k}"]`), new Intl.NumberFormat('en-US').format(v), k)
    assert.equal((await page.$$('tr[data-limit]')).length, Object.keys(ent.limits).length)
    for (const [k, on] of Object.entries(ent.features))
      assert.equal(await page.$eval(`[data-feature="${k}"]`, (e) => e.getAttribute('data-on')), String(on), k)
    assert.equal(await text(page, '[data-usage="manual_accounts"]'), '1 active manual accounts')
    assert.equal(await text(page, '[data-usage="agents"]'), '2 live agents')

    const base = body<{ base_currency: string; supported: string[] }>(
      await user.api.get('/api/tenant/base-currency'),
    )
    assert.equal(base.base_currency, 'USD')
    assert.ok(base.supported.includes('EUR'))
    await page.select('select[name=base_currency]', 'EUR')
    await page.locator('button::-p-text(Save currency)').click()
    await page.waitForSelector('::-p-text(Portfolio totals are now in EUR)')
    assert.equal(
      body<{ base_currency: string }>(await user.api.get('/api/tenant/base-currency')).base_currency,
      'EUR',
    )
    await page.reload({ waitUntil: 'load' })
    await page.waitForSelector('select[name=base_currency]')
    assert.equal(
      await page.$eval('select[name=base_currency]', (s) => (s as unknown as { value: string }).value),
      'EUR',
    )
    assert.deepEqual(await h.axe(page), [])
    await assertFitsPhone(page)
    await page.close()
  })
})
