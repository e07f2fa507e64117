/**
 * The web console in real headless Chromium, for test/browser/console: a test app listening on a
 * free port (serving the built console at /app), one browser, users who log in with a password, and
 * the checks every console test makes — no console error, no CSP violation, no 5xx, and axe-core's
 * accessibility rules (0 serious or critical violations).
 */
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { createRequire } from 'node:module'
import type { Browser, Page } from 'puppeteer-core'
import { CONSOLE_DIR } from '../../src/app/console.ts'
import { browserSkipReason, launchChromium } from './browser.ts'
import { buildTestApp, type Client, type TestApp, type TestAppOptions } from './test-app.ts'

const AXE_SOURCE = (createRequire(import.meta.url)('axe-core') as { source: string }).source

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })

export interface ConsoleUser {
  email: string
  password: string
  /** The same user over the API (bearer), to set up data and to compare figures. */
  api: Client
}

export interface ConsoleHarness {
  t: TestApp
  browser: Browser
  base: string
  /** Problems seen on any page so far: console errors, page errors, CSP violations, 5xx answers (close() fails on any). */
  problems: string[]
  open(path: string): Promise<Page>
  /** A user with a password, in a tenant of their own on `plan` (default pro). */
  newUser(plan?: string): Promise<ConsoleUser>
  /** Opens /app/login and logs in; resolves on the dashboard (or the page `next` names). */
  login(user: ConsoleUser, next?: string): Promise<Page>
  /** axe-core on the page as it is now: the serious and critical violations, described. */
  axe(page: Page): Promise<string[]>
  close(): Promise<void>
}

/** How wide the page's content is (more than the viewport means the page scrolls sideways). */
export const scrollWidth = async (page: Page): Promise<number> => {
  await nextFrames(page)
  return (await page.evaluate('document.documentElement.scrollWidth')) as number
}

/**
 * Two animation frames: after a viewport change, what sizes itself from a ResizeObserver (the
 * charts) has been laid out again before the page is measured.
 */
export const nextFrames = (page: Page): Promise<unknown> =>
  page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))')

/**
 * Asserts the page fits a 390 px wide phone (no sideways scrolling), naming what overflows when it
 * does not, then restores the desktop viewport the tests run at.
 */
export async function assertFitsPhone(page: Page): Promise<void> {
  await page.setViewport({ width: 390, height: 844 })
  const width = await scrollWidth(page)
  const culprits = width > 390 ? await overflowing(page) : []
  await page.setViewport({ width: 1280, height: 900 })
  assert.ok(width <= 390, `the page is ${width}px wide at 390px: ${culprits.join('; ')}`)
}

/** The innermost elements reaching past the viewport's right edge (what to fix when a page scrolls sideways). */
export const overflowing = (page: Page): Promise<string[]> =>
  page.evaluate(`[...document.querySelectorAll('body *')]
    .filter((e) => e.getBoundingClientRect().right > innerWidth + 0.5 && e.getBoundingClientRect().width > 0)
    .filter((e, _, all) => !all.some((o) => o !== e && e.contains(o)))
    .slice(0, 5)
    .map((e) => e.tagName.toLowerCase() + (e.className ? '.' + String(e.className).trim().replace(/ +/g, '.') : '') +
      ' "' + (e.textContent || '').trim().slice(0, 40) + '" right=' + Math.round(e.getBoundingClientRect().right))`) as Promise<
    string[]
  >

let seq = 0
const PASSWORD = 'console-tests-pass-42'

/**
 * Why the console tests cannot run here, or undefined when they can: no Chromium (see browser.ts), no
 * build of the console (`npm run build`; a failure under REQUIRE_BROWSER=1).
 */
export function consoleSkipReason(): string | undefined {
  const noBrowser = browserSkipReason()
  if (noBrowser) return noBrowser
  if (existsSync(new URL('index.html', CONSOLE_DIR))) return undefined
  const reason = 'the console is not built: run `npm run build` (npm ci runs it)'
  if (process.env['REQUIRE_BROWSER'] === '1') throw new Error(`REQUIRE_BROWSER=1 but ${reason}`)
  return reason
}

export async function startConsole(opts: TestAppOptions = {}): Promise<ConsoleHarness> {
  const reason = consoleSkipReason()
  if (reason) throw new Error(reason)
  const port = await freePort()
  const t = await buildTestApp({
    ...opts,
    env: {
      PORT: String(port),
      REGISTRATIONS_PER_IP_PER_HOUR: '10000',
      LOGINS_PER_IP_PER_MINUTE: '10000',
      MESSAGES_PER_IP_PER_HOUR: '10000',
      RATE_LIMIT_PER_MINUTE: '100000',
      ...opts.env,
    },
  })
  const base = t.c.config.PUBLIC_BASE_URL
  await t.app.listen({ port, host: 'localhost' })
  const browser = await launchChromium()
  const problems: string[] = []

  const open = async (path: string) => {
    const page = await browser.newPage()
    await page.setViewport({ width: 1280, height: 900 })
    page.on('console', (m) => {
      const text = m.text()
      // An API answering 4xx is a normal outcome the page shows; Chromium logs each such fetch.
      if (m.type() === 'error' && !/status of 4\d\d/.test(text)) problems.push(`console: ${text}`)
    })
    page.on('pageerror', (e) => problems.push(`page error: ${String(e)}`))
    page.on('response', (r) => {
      if (r.status() >= 500) problems.push(`${r.status()} ${r.request().method()} ${r.url()}`)
    })
    await page.goto(`${base}${path}`, { waitUntil: 'load' })
    return page
  }

  const newUser = async (plan = 'pro'): Promise<ConsoleUser> => {
    const email = `console${++seq}.${process.pid}@example.test`
    const reg = await t.anon.post('/api/auth/register', {
      email,
      password: PASSWORD,
      full_name: `Console ${seq}`,
    })
    assert.equal(reg.statusCode, 201, reg.body)
    const tenantId = await t.c.scopes.withSystem('test: console user plan', async ({ db }) => {
      const u = await db
        .selectFrom('app_user')
        .select('tenant_id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
      await db.updateTable('tenant').set({ plan_code: plan }).where('id', '=', u.tenant_id).execute()
      return u.tenant_id
    })
    const token = await t.anon.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: new URLSearchParams({
        grant_type: 'password',
        username: email,
        password: PASSWORD,
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    const access = (JSON.parse(token.body) as { access_token: string }).access_token
    const bearer = { authorization: `Bearer ${access}` }
    const call =
      (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE') =>
      (url: string, body?: unknown, extra: Record<string, string> = {}) =>
        t.app.inject({
          method,
          url,
          headers: { ...bearer, ...extra },
          ...(body === undefined ? {} : { payload: body as object }),
        })
    const api: Client = {
      tenantId,
      userId: 0,
      email,
      token: access,
      inject: (o) => t.app.inject({ ...o, headers: { ...bearer, ...(o.headers ?? {}) } }),
      get: (url, extra) => call('GET')(url, undefined, extra),
      post: (url, body, extra) => call('POST')(url, body, extra),
      put: (url, body) => call('PUT')(url, body),
      patch: (url, body) => call('PATCH')(url, body),
      delete: (url, body) => call('DELETE')(url, body),
    }
    return { email, password: PASSWORD, api }
  }

  const login = async (user: ConsoleUser, next = '/') => {
    const page = await open(`/app/login?next=${encodeURIComponent(next)}`)
    await page.waitForSelector('input[name=email]')
    await page.type('input[name=email]', user.email)
    await page.type('input[name=password]', user.password)
    await Promise.all([page.waitForSelector('header.topbar'), page.click('button[type=submit]')])
    return page
  }

  const axe = async (page: Page) => {
    await page.evaluate(AXE_SOURCE)
    const result = (await page.evaluate(() =>
      (globalThis as unknown as { axe: { run(o: object): Promise<unknown> } }).axe.run({
        resultTypes: ['violations'],
      }),
    )) as { violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  }

  return {
    t,
    browser,
    base,
    problems,
    open,
    newUser,
    login,
    axe,
    /** Ends the browser and the app, then fails if any page logged a problem along the way. */
    async close() {
      try {
        await browser.close()
      } finally {
        await t.close()
      }
      assert.deepEqual(problems, [], 'console errors, CSP violations or 5xx answers during the run')
    },
  }
}
