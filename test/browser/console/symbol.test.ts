/**
 * The console's symbol pages in Chromium: searching opens a symbol; the quote's last price, the
 * candles (count, first bar, last close) and the confluence score on the page equal the API's for the
 * same user; a timeframe button reloads the candles of that timeframe (the latest session's with their
 * indicators too); an overlay switched on lists exactly the API's detections and goes away when
 * switched off. Both pages pass axe-core and fit a 390 px wide phone without sideways scrolling.
 * The service's clock stands at a Tuesday 11:00 New York time, so the session is open and the
 * (simulated) market data is the same on every run.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Page } from 'puppeteer-core'
import { fixedClock } from '../../../src/platform/clock.ts'
import {
  type ConsoleHarness,
  consoleSkipReason,
  type ConsoleUser,
  startConsole,
  scrollWidth,
} from '../../helpers/console.ts'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

const NOW = '2026-03-10T15:00:00Z'

describe('console: symbol search and the symbol page', { skip: consoleSkipReason() }, () => {
  let h: ConsoleHarness
  let user: ConsoleUser
  before(async () => {
    h = await startConsole({ clock: fixedClock(NOW) })
    user = await h.newUser()
  })
  after(async () => {
    await h?.close()
  })

  const api = async (url: string): Promise<Json> => {
    const res = await user.api.get(url)
    assert.equal(res.statusCode, 200, `${url}: ${res.body}`)
    return JSON.parse(res.body) as Json
  }
  /** A number as the page formats it, in the browser's own locale. */
  const formatted = (page: Page, v: number, opts: Intl.NumberFormatOptions) =>
    page.evaluate(
      (n, o) =>
        new Intl.NumberFormat(
          (globalThis as unknown as { navigator: { language: string } }).navigator.language,
          o,
        ).format(n),
      v,
      opts,
    )
  const text = async (page: Page, selector: string) =>
    (await page.$eval(selector, (e) => e.textContent ?? '')).trim()
  const caption = (page: Page) =>
    page.$eval('.chart-caption', (e) => ({
      candles: Number(e.getAttribute('data-candles')),
      first: e.getAttribute('data-first'),
      lastClose: Number(e.getAttribute('data-last-close')),
    }))
  const pressed = (page: Page, label: string) =>
    page.$$eval(
      '[aria-label="Timeframe"] button',
      (bs, l) => bs.find((b) => b.textContent === l)?.getAttribute('aria-pressed'),
      label,
    )
  const clickTimeframe = async (page: Page, label: string) => {
    await page.$$eval(
      '[aria-label="Timeframe"] button',
      (bs, l) => bs.find((b) => b.textContent === l)?.click(),
      label,
    )
  }

  it('searching for a company opens its page, whose last price and candles are the API’s', async () => {
    const page = await h.login(user, '/symbols')
    await page.waitForSelector('input[name=q]')
    assert.deepEqual(await h.axe(page), [])
    await page.type('input[name=q]', 'apple')
    await page.click('form[role=search] button[type=submit]')
    await page.waitForSelector('a[href="/app/symbols/AAPL"]')
    assert.deepEqual(await h.axe(page), [])
    await Promise.all([page.waitForSelector('.chart-caption'), page.click('a[href="/app/symbols/AAPL"]')])
    assert.equal(new URL(page.url()).pathname, '/app/symbols/AAPL')
    assert.match(await text(page, 'h1'), /^AAPL · Apple/)

    const quote = await api('/api/quotes/AAPL')
    await page.waitForSelector('[data-stat="Last"]')
    assert.equal(
      await text(page, '[data-stat="Last"]'),
      await formatted(page, quote.last, {
        style: 'currency',
        currency: 'USD',
        maximumFractionDigits: Math.max(2, String(quote.last).split('.')[1]?.length ?? 0),
      }),
    )
    const bars = await api('/api/bars/AAPL?interval=1d&limit=500')
    assert.deepEqual(await caption(page), {
      candles: bars.items.length,
      first: bars.items[0].time,
      lastClose: bars.items.at(-1).close,
    })
    assert.equal(await pressed(page, '1D'), 'true')
    await page.close()
  })

  it('shows the quote’s prices with every decimal, not rounded to the cent', async () => {
    const page = await h.login(user, '/symbols')
    // The quote the page reads is the API's, with prices of four decimals put in.
    const quote = { ...(await api('/api/quotes/AAPL')), last: 187.4567, previous_close: 186.0123 }
    Object.assign(quote, { bid: 187.4512, ask: 187.4689 })
    await page.setRequestInterception(true)
    page.on('request', (r) => {
      if (r.isInterceptResolutionHandled()) return
      if (new URL(r.url()).pathname === '/api/quotes/AAPL')
        void r.respond({ status: 200, contentType: 'application/json', body: JSON.stringify(quote) })
      else void r.continue()
    })
    await page.goto(`${h.base}/app/symbols/AAPL`, { waitUntil: 'load' })
    await page.waitForSelector('[data-stat="Last"]')
    const usd = (v: number) =>
      formatted(page, v, { style: 'currency', currency: 'USD', maximumFractionDigits: 4 })
    assert.equal(await text(page, '[data-stat="Last"]'), await usd(187.4567))
    assert.equal(await text(page, '[data-stat="Previous close"]'), await usd(186.0123))
    assert.equal(
      await text(page, '[data-stat="Bid / ask"]'),
      `${await usd(187.4512)} / ${await usd(187.4689)}`,
    )
    await page.close()
  })

  it('a timeframe button reloads the candles of that timeframe; the session view has its indicators', async () => {
    const page = await h.login(user, '/symbols/AAPL')
    await page.waitForSelector('.chart-caption')
    const hourly = await api('/api/bars/AAPL?interval=1h&limit=500')
    await clickTimeframe(page, '1h')
    await page.waitForSelector(`.chart-caption[data-first="${hourly.items[0].time}"]`)
    assert.deepEqual(await caption(page), {
      candles: hourly.items.length,
      first: hourly.items[0].time,
      lastClose: hourly.items.at(-1).close,
    })
    assert.equal(await pressed(page, '1h'), 'true')
    assert.equal(await pressed(page, '1D'), 'false')

    const session = await api('/api/trading-intel/intraday/bars?symbol=AAPL&interval=5m')
    assert.ok(session.items.length > 0, 'the session has bars at 11:00')
    await clickTimeframe(page, 'Session 5m')
    await page.waitForSelector(`.chart-caption[data-candles="${session.items.length}"]`)
    assert.equal((await caption(page)).first, session.items[0].time)
    const label = await page.$eval('.chart', (e) => e.getAttribute('aria-label') ?? '')
    assert.match(label, /VWAP, RSI\(14\) and MACD/)
    assert.deepEqual(await h.axe(page), [])
    await page.close()
  })

  it('an overlay switched on lists the API’s detections, and switched off removes them', async () => {
    const page = await h.login(user, '/symbols/AAPL')
    await page.waitForSelector('.chart-caption')
    const zones = await api('/api/ta/ict/zones/AAPL?timeframe=1d')
    assert.ok(zones.fvgs.length > 0, 'the year of daily bars has fair value gaps')
    await page.click('input[name=fvg]')
    await page.waitForSelector('table[data-overlay=fvg]')
    const rows = await page.$$eval('table[data-overlay=fvg] tbody tr', (trs) => trs.length)
    assert.equal(rows, zones.fvgs.length)
    assert.equal(
      await page.$eval('table[data-overlay=fvg]', (t) => t.getAttribute('data-count')),
      String(zones.fvgs.length),
    )
    // The newest gap is the first row, its bounds as the API gives them.
    const first = await page.$eval('table[data-overlay=fvg] tbody tr td:last-child', (e) => e.textContent)
    const [bottom, top] = await Promise.all(
      [zones.fvgs[0].bottom, zones.fvgs[0].top].map((v: number) =>
        formatted(page, v, { maximumFractionDigits: 4 }),
      ),
    )
    assert.equal(first, `${bottom} – ${top}`)
    assert.deepEqual(await h.axe(page), [])

    await page.click('input[name=fvg]')
    await page.waitForFunction('!document.querySelector(\'[role=region][aria-label="Fair value gaps"]\')')
    await page.close()
  })

  it('the confluence score shown is the API’s for the chart’s timeframe', async () => {
    const page = await h.login(user, '/symbols/AAPL')
    await page.waitForSelector('[data-stat="Confluence score"]')
    const c = await api('/api/ta/confluence/AAPL?timeframe=1d')
    assert.notEqual(c.score, null)
    assert.equal(
      await text(page, '[data-stat="Confluence score"]'),
      await formatted(page, c.score, { maximumFractionDigits: 3 }),
    )
    assert.equal(
      await text(page, '[data-stat="On a 0–100 scale"]'),
      await formatted(page, c.display, { maximumFractionDigits: 1 }),
    )
    const layers = await page.$$eval('table.confluence tbody tr', (trs) =>
      trs.map((t) => t.getAttribute('data-layer')),
    )
    assert.deepEqual(
      layers,
      c.components.map((k: Json) => k.layer),
    )
    await page.close()
  })

  it('both pages fit a 390 px wide phone without sideways scrolling', async () => {
    const page = await h.login(user, '/symbols?q=micro')
    await page.setViewport({ width: 390, height: 844 })
    await page.waitForSelector('table a')
    assert.ok((await scrollWidth(page)) <= 390)
    await page.goto(`${h.base}/app/symbols/AAPL`, { waitUntil: 'load' })
    await page.waitForSelector('.chart-caption')
    await page.click('input[name=fvg]')
    await page.click('input[name=patterns]')
    await page.waitForSelector('table[data-overlay=patterns]')
    await page.waitForSelector('[data-stat="Confluence score"]')
    assert.ok((await scrollWidth(page)) <= 390)
    assert.deepEqual(await h.axe(page), [])
    await page.close()
  })
})
