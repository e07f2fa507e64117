/**
 * Logging in to the console in Chromium: a deep link asks for a login and lands back where it
 * pointed; a wrong password shows the API's message; an account with MFA gets the code step; the
 * session renews itself through the httpOnly refresh cookie; logging out ends the session on the
 * server. The login pages pass axe-core. Nothing logs an error or breaks the CSP on the way.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import * as OTPAuth from 'otpauth'
import { type ConsoleHarness, consoleSkipReason, scrollWidth, startConsole } from '../../helpers/console.ts'

describe('console: logging in and out', { skip: consoleSkipReason() }, () => {
  let h: ConsoleHarness
  before(async () => {
    h = await startConsole()
  })
  after(async () => {
    await h?.close()
  })

  it('/app answers the console with a strict CSP, revalidated on every load; a deep link reloads to the login page and back', async () => {
    const res = await fetch(`${h.base}/app/settings`)
    assert.equal(res.status, 200)
    assert.match(res.headers.get('content-security-policy') ?? '', /script-src 'self'/)
    // index.html names this build's hashed assets: a cached copy would load the previous build's.
    assert.equal(res.headers.get('cache-control'), 'no-cache')
    assert.match(await res.text(), /<div id="root">/)
    const user = await h.newUser()
    const page = await h.open('/app/some/deep/link?x=1')
    await page.waitForSelector('form[aria-label="Log in"]')
    assert.equal(new URL(page.url()).pathname, '/app/login')
    assert.equal(new URL(page.url()).searchParams.get('next'), '/some/deep/link?x=1')
    assert.deepEqual(await h.axe(page), [])
    await page.type('input[name=email]', user.email)
    await page.type('input[name=password]', user.password)
    await page.click('button[type=submit]')
    await page.waitForSelector('header.topbar')
    assert.equal(new URL(page.url()).pathname, '/app/some/deep/link')
    await page.close()
  })

  it('a wrong password shows the API’s message and stays on the form', async () => {
    const user = await h.newUser()
    const page = await h.open('/app/login')
    await page.waitForSelector('input[name=email]')
    await page.type('input[name=email]', user.email)
    await page.type('input[name=password]', 'not the password at all')
    await page.click('button[type=submit]')
    const alert = await page.waitForSelector('[role=alert]')
    assert.match((await alert!.evaluate((e) => e.textContent)) ?? '', /Invalid e-mail or password/)
    await page.close()
  })

  it('with MFA on, the login asks for the authenticator code and then signs in', async () => {
    const user = await h.newUser()
    const setup = await user.api.post('/api/auth/mfa/totp/setup')
    assert.equal(setup.statusCode, 200, setup.body)
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(JSON.parse(setup.body).secret) })
    // Enrol with the previous time step's code (accepted within the drift window), so the current one
    // is still unused for the login: a used code is never accepted twice.
    const verify = await user.api.post('/api/auth/mfa/totp/verify', {
      code: totp.generate({ timestamp: Date.now() - 30_000 }),
    })
    assert.equal(verify.statusCode, 200, verify.body)
    const page = await h.open('/app/login')
    await page.waitForSelector('input[name=email]')
    await page.type('input[name=email]', user.email)
    await page.type('input[name=password]', user.password)
    await page.click('button[type=submit]')
    await page.waitForSelector('form[aria-label="Two-step verification"]')
    assert.deepEqual(await h.axe(page), [])
    await page.type('input[name=code]', '000000')
    await page.click('button[type=submit]')
    await page.waitForSelector('[role=alert]')
    await page.$eval('input[name=code]', (e) => ((e as unknown as { value: string }).value = ''))
    await page.type('input[name=code]', totp.generate())
    await page.click('button[type=submit]')
    await page.waitForSelector('header.topbar')
    await page.close()
  })

  it('an expired access cookie is renewed from the refresh cookie without a login', async () => {
    const user = await h.newUser()
    const page = await h.login(user)
    const cookies = await page.browser().cookies()
    const refresh = cookies.find((c) => c.name === 'svc_refresh')
    assert.ok(refresh?.httpOnly, 'the refresh token is an httpOnly cookie')
    await page.browser().deleteCookie(...cookies.filter((c) => c.name === 'svc_token'))
    await page.reload({ waitUntil: 'load' })
    await page.waitForSelector('header.topbar')
    const renewed = (await page.browser().cookies()).find((c) => c.name === 'svc_token')
    assert.ok(renewed, 'a new access cookie was set')
    await page.close()
  })

  it('the signed-in frame fits a 390 px phone, in both themes, and passes axe', async () => {
    const user = await h.newUser()
    const page = await h.login(user, '/no-such-page')
    await page.setViewport({ width: 390, height: 844 })
    await page.waitForSelector('h1')
    assert.equal(await page.$eval('h1', (e) => e.textContent), 'Page not found')
    const width = () => scrollWidth(page)
    assert.ok((await width()) <= 390, `no sideways scroll at 390 px (${await width()})`)
    assert.deepEqual(await h.axe(page), [])
    await page.locator('::-p-text(Dark theme)').click()
    await page.waitForSelector('html[data-theme=dark]')
    assert.deepEqual(await h.axe(page), [])
    assert.ok((await width()) <= 390)
    await page.close()
  })

  it('logging out revokes the session and clears the cookies; the console asks for a login again', async () => {
    const user = await h.newUser()
    const page = await h.login(user)
    const before = (await page.browser().cookies()).find((c) => c.name === 'svc_token')!.value
    await page.locator('::-p-text(Log out)').click()
    await page.waitForSelector('form[aria-label="Log in"]')
    const names = (await page.browser().cookies()).map((c) => c.name)
    assert.ok(!names.includes('svc_token') && !names.includes('svc_refresh'), names.join())
    const me = await h.t.anon.get('/api/auth/me', { cookie: `svc_token=${before}` })
    assert.equal(me.statusCode, 401, 'the old access token no longer works')
    await page.close()
  })
})
