/**
 * The dashboard in Chromium, for a user with a portfolio written through the API: the headline
 * figures are the API's figures, formatted; the range buttons change the value chart and its figures;
 * a new user is sent to add an account; an intel-feed item written while the page is open appears
 * without a reload, and leaving the page closes the stream. axe-core finds nothing serious in the
 * light or the dark theme, and a 390 px wide phone does not scroll sideways.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Page } from 'puppeteer-core'
import {
  type ConsoleHarness,
  consoleSkipReason,
  type ConsoleUser,
  overflowing,
  scrollWidth,
  startConsole,
} from '../../helpers/console.ts'
import { feedModules, testSources } from '../../helpers/intel-feed.ts'
import { monthsBackStart, nyToday } from '../../../console/src/pages/dashboard/ranges.ts'
import { seedPortfolio } from './dashboard.fixtures.ts'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

async function get(u: ConsoleUser, url: string): Promise<Json> {
  const res = await u.api.get(url)
  assert.equal(res.statusCode, 200, `${url}: ${res.body}`)
  return JSON.parse(res.body) as Json
}

const text = (page: Page, selector: string) =>
  page.$eval(selector, (e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim())

/** Waits until `ok()` holds, checking every 20 ms for up to 10 s. */
async function eventually(ok: () => boolean): Promise<boolean> {
  for (let i = 0; i < 500 && !ok(); i++) await new Promise((r) => setTimeout(r, 20))
  return ok()
}

/** Waits until nothing on the page is loading any more. */
const settled = (page: Page) =>
  page.waitForFunction("document.querySelector('.loading') === null && document.querySelector('h1') !== null")

describe('console: dashboard', { skip: consoleSkipReason() }, () => {
  let h: ConsoleHarness
  let user: ConsoleUser
  let locale: string
  const sources = testSources()
  before(async () => {
    h = await startConsole({
      modules: feedModules(sources),
      env: { INTEL_FEED_POLL_MS: '100', INTEL_FEED_HEARTBEAT_MS: '300' },
    })
    user = await h.newUser()
    await seedPortfolio(user.api)
  })
  after(async () => {
    await h?.close()
  })

  /** The page's own number formats (its locale), for the API's figures. */
  const money = (v: number, currency: string, signed = false) =>
    new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      signDisplay: signed ? 'exceptZero' : 'auto',
    }).format(v)
  const pct = (v: number) =>
    new Intl.NumberFormat(locale, {
      style: 'percent',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      signDisplay: 'exceptZero',
    }).format(v)
  const day = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${iso}T00:00:00Z`),
    )

  async function dashboard(who = user): Promise<Page> {
    const page = await h.login(who, '/')
    locale = (await page.evaluate('navigator.language')) as string
    await settled(page)
    return page
  }

  it('shows the AUM, day and total P&L, realized P&L and XIRR the API answers', async () => {
    const page = await dashboard()
    const aum = await get(user, '/api/analytics/aum')
    const oneDay = await get(user, '/api/analytics/performance?range=1D')
    const all = await get(user, '/api/analytics/performance?range=MAX')
    const realized = await get(user, '/api/analytics/cumulative-pnl')
    const cur = aum.current as Json
    assert.equal(aum.currency, 'USD')
    assert.equal(await text(page, '[data-stat="AUM"]'), money(cur.total_aum, 'USD'))
    assert.equal(await text(page, '[data-stat="Day P&L"]'), money(oneDay.gain, 'USD', true))
    // Total P&L: nav less the capital put in (unrealized, every realized P&L and income).
    const total = (Math.round(cur.nav * 100) - Math.round(cur.net_capital * 100)) / 100
    assert.equal(await text(page, '[data-stat="Total P&L"]'), money(total, 'USD', true))
    assert.equal(await text(page, '[data-stat="Realized P&L"]'), money(realized.total, 'USD', true))
    assert.equal(realized.total, 300, 'the fixture’s two sales: +500 then −200')
    assert.ok(typeof all.mwr === 'number')
    assert.equal(await text(page, '[data-stat="XIRR"]'), pct(all.mwr))
    const inv = await get(user, '/api/analytics/investor-allocation')
    const cells = await page.$$eval('section[aria-label="Investors"] tbody tr > *', (c) =>
      c.map((e) => e.textContent),
    )
    assert.deepEqual(
      [cells[0], cells[3], cells[5]],
      ['Ada Owner', money(inv.items[0].value, 'USD'), money(inv.items[0].gain, 'USD', true)],
    )
    const sector = await get(user, '/api/analytics/allocation?by=sector')
    const bars = await page.$$eval('ul[aria-label="By sector"] li', (li) =>
      li.map((e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim()),
    )
    assert.equal(bars.length, sector.items.length)
    assert.ok(bars[0]!.startsWith(sector.items[0].label), bars[0])
    await page.close()
  })

  it('moves the range: the pressed button, the dates and the return follow the API', async () => {
    const page = await dashboard()
    const pressed = () =>
      page.$$eval('[aria-label="Chart range"] button[aria-pressed="true"]', (b) =>
        b.map((e) => e.textContent),
      )
    assert.deepEqual(await pressed(), ['1Y'])
    const year = await get(user, '/api/analytics/performance?range=1Y')
    assert.equal(await text(page, '[data-figure="range"]'), `${day(year.from)} – ${day(year.to)}`)
    assert.equal(await text(page, '[data-figure="twr"]'), pct(year.twr))

    const from = monthsBackStart(nyToday(), 1)
    const month = await get(user, `/api/analytics/performance?from=${from}`)
    await page.locator('[aria-label="Chart range"] ::-p-text(1M)').click()
    const want = `${day(month.from)} – ${day(month.to)}`
    await page.waitForFunction(
      `document.querySelector('[data-figure="range"]')?.textContent.replace(/\\s+/g, ' ').trim() === ${JSON.stringify(want)}`,
    )
    assert.deepEqual(await pressed(), ['1M'])
    assert.equal(await text(page, '[data-figure="twr"]'), pct(month.twr))
    assert.equal(await text(page, '[data-figure="gain"]'), money(month.gain, 'USD', true))
    assert.notEqual(month.from, year.from)
    await page.close()
  })

  it('sends a user without an account to add one', async () => {
    const fresh = await h.newUser()
    const page = await dashboard(fresh)
    const link = await page.waitForSelector('main a::-p-text(Add an account)')
    assert.equal(await link!.evaluate((a) => a.getAttribute('href')), '/app/accounts')
    assert.equal(await page.$('[data-stat="AUM"]'), null)
    assert.deepEqual(await h.axe(page), [])
    await page.setViewport({ width: 390, height: 844 })
    assert.ok((await scrollWidth(page)) <= 390)
    await page.close()
  })

  it('passes axe in the light and the dark theme, and fits a 390 px phone', async () => {
    const page = await dashboard()
    assert.deepEqual(await h.axe(page), [])
    await page.locator('::-p-text(Dark theme)').click()
    await page.waitForSelector('html[data-theme="dark"]')
    await settled(page)
    assert.deepEqual(await h.axe(page), [])
    await page.setViewport({ width: 390, height: 844 })
    await settled(page)
    const width = await scrollWidth(page)
    assert.ok(width <= 390, `the page is ${width} px wide: ${(await overflowing(page)).join('; ')}`)
    await page.close()
  })

  it('shows a new intel-feed item live, without a reload, and closes the stream on leaving', async () => {
    // The streams of the pages closed before (a closed socket is noticed at the next heartbeat).
    const streams = h.t.c.intelFeed.streams
    assert.ok(await eventually(() => streams.size === 0), `${streams.size} streams still open`)
    const page = await dashboard()
    await page.waitForSelector('[data-stream="live"]')
    await page.evaluate('window.sameDocument = true')
    const row = sources.intraday.add(user.api.tenantId, {
      created_at: new Date(),
      symbol: 'MSFT',
      text: 'Opening range breakout on the dashboard test',
      confidence: 0.7,
    })
    const item = await page.waitForSelector(`.dash-feed li[data-id="signal:${row.id}"]`)
    assert.match((await item!.evaluate((e) => e.textContent)) ?? '', /SIGNAL.*MSFT.*Opening range breakout/)
    const first = await page.$eval('.dash-feed li', (e) => e.getAttribute('data-id'))
    assert.equal(first, `signal:${row.id}`, 'the newest item is first')
    assert.equal(await page.evaluate('window.sameDocument'), true, 'the page was not reloaded')
    assert.equal(streams.size, 1)
    // Leave within the app (no reload): the dashboard unmounts.
    await page.evaluate(
      "history.pushState({}, '', '/app/elsewhere'); dispatchEvent(new PopStateEvent('popstate'))",
    )
    await page.waitForSelector('main h1')
    assert.equal(await text(page, 'main h1'), 'Page not found')
    assert.ok(await eventually(() => streams.size === 0), 'the page closed its stream')
    await page.close()
  })
})
