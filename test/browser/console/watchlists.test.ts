/**
 * The Watchlists area in Chromium: a new list made by picking its first symbol from the autocomplete
 * with the keyboard (the API then has it), symbols added the same way, the order changed with the
 * Up button (the API's order equals the page's), a symbol removed, and the analytics figures equal
 * to GET /api/watchlists/analytics. Every page passes axe-core and fits a 390 px wide screen.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Page } from 'puppeteer-core'
import {
  type ConsoleHarness,
  consoleSkipReason,
  startConsole,
  type ConsoleUser,
  assertFitsPhone,
} from '../../helpers/console.ts'

interface Items {
  items: { symbol: string }[]
}
interface Analytics {
  lists: {
    list_name: string
    day_change_pct: number | null
    best: { symbol: string; change_pct: number } | null
    members: { symbol: string; dist_52w_high_pct: number | null }[]
    sector_mix: { sector: string | null; count: number }[]
  }[]
}

const text = (page: Page, sel: string) =>
  page.$eval(sel, (e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim())
const signedPct = (v: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  }).format(v / 100)

async function apiItems(user: ConsoleUser, list: string): Promise<string[]> {
  const res = await user.api.get(`/api/watchlists/items?list_name=${encodeURIComponent(list)}`)
  return (JSON.parse(res.body) as Items).items.map((i) => i.symbol)
}

/** The symbols of the items table, top to bottom. */
const pageOrder = (page: Page) =>
  page.$$eval('table.watchlist-items tbody tr', (rows) =>
    rows.map((r) => r.getAttribute('data-symbol') ?? ''),
  )

/** Types `q` into the combobox, waits for `symbol` among the options, arrows to it and presses Enter. */
async function pickWithKeyboard(page: Page, q: string, symbol: string): Promise<void> {
  await page.click('input[role="combobox"]')
  await page.type('input[role="combobox"]', q)
  await page.waitForSelector(`[role="listbox"]:not([hidden]) [role="option"][data-symbol="${symbol}"]`)
  assert.equal(await page.$eval('input[role="combobox"]', (e) => e.getAttribute('aria-expanded')), 'true')
  const options = await page.$$eval('[role="listbox"] [role="option"]', (os) =>
    os.map((o) => o.getAttribute('data-symbol')),
  )
  for (let k = 0; k <= options.indexOf(symbol); k++) await page.keyboard.press('ArrowDown')
  const active = await page.$eval('input[role="combobox"]', (e) => e.getAttribute('aria-activedescendant'))
  assert.equal(await page.$eval(`[id="${active!}"]`, (e) => e.getAttribute('data-symbol')), symbol)
  await page.keyboard.press('Enter')
}

describe('console: watchlists', { skip: consoleSkipReason() }, () => {
  let h: ConsoleHarness
  before(async () => {
    h = await startConsole()
  })
  after(async () => {
    assert.deepEqual(h?.problems ?? [], [])
    await h?.close()
  })

  it('creates a list from the autocomplete, adds, reorders and removes as the API records', async () => {
    const user = await h.newUser()
    const page = await h.login(user, '/watchlists')
    await page.waitForSelector('.empty')
    assert.deepEqual(await h.axe(page), [])
    await assertFitsPhone(page)
    await page.type('input[name="list_name"]', 'Tech')
    await pickWithKeyboard(page, 'aapl', 'AAPL')
    await page.waitForFunction("location.pathname === '/app/watchlists/Tech'")
    await page.waitForSelector('tr[data-symbol="AAPL"]')
    assert.deepEqual(await apiItems(user, 'Tech'), ['AAPL'])

    await pickWithKeyboard(page, 'msft', 'MSFT')
    await page.waitForSelector('tr[data-symbol="MSFT"]')
    await pickWithKeyboard(page, 'nvidia', 'NVDA')
    await page.waitForSelector('tr[data-symbol="NVDA"]')
    assert.deepEqual(await apiItems(user, 'Tech'), ['AAPL', 'MSFT', 'NVDA'])
    assert.deepEqual(await pageOrder(page), ['AAPL', 'MSFT', 'NVDA'])

    await page.click('button[aria-label="Move NVDA up"]')
    const second = `document.querySelector('table.watchlist-items tbody tr:nth-child(2)')`
    await page.waitForFunction(`${second}?.getAttribute('data-symbol') === 'NVDA'`)
    assert.deepEqual(await apiItems(user, 'Tech'), ['AAPL', 'NVDA', 'MSFT'])
    assert.deepEqual(await pageOrder(page), ['AAPL', 'NVDA', 'MSFT'])

    await page.click('button[aria-label="Remove MSFT"]')
    await page.waitForFunction(`!document.querySelector('tr[data-symbol="MSFT"]')`)
    assert.deepEqual(await apiItems(user, 'Tech'), ['AAPL', 'NVDA'])
    await page.waitForSelector('[data-stat="Day change (equal-weighted)"]')
    assert.deepEqual(await h.axe(page), [])
    await assertFitsPhone(page)
  })

  it('shows the analytics the API computes, and an unknown symbol’s 422 message at the field', async () => {
    const user = await h.newUser()
    for (const symbol of ['AAPL', 'XOM', 'SPY']) await user.api.post('/api/watchlists/items', { symbol })
    const api = (JSON.parse((await user.api.get('/api/watchlists/analytics')).body) as Analytics).lists[0]!
    const page = await h.login(user, '/watchlists/default')
    await page.waitForSelector('[data-distance="SPY"]')
    await page.waitForSelector('[data-stat="Day change (equal-weighted)"]')
    assert.equal(
      await text(page, '[data-stat="Day change (equal-weighted)"]'),
      signedPct(api.day_change_pct!),
    )
    assert.equal(
      await text(page, '[data-stat="Best"]'),
      `${api.best!.symbol} ${signedPct(api.best!.change_pct)}`,
    )
    for (const m of api.members)
      assert.equal(
        await text(page, `[data-distance="${m.symbol}"]`),
        signedPct(m.dist_52w_high_pct!),
        m.symbol,
      )
    const sectors = await page.$$eval(
      'section[aria-label="Analytics"] table',
      (ts) => ts[0]!.querySelectorAll('tbody tr').length,
    )
    assert.equal(sectors, api.sector_mix.length)

    await page.type('input[role="combobox"]', 'APPL')
    await page.keyboard.press('Enter')
    await page.waitForSelector('.combobox .field-error')
    assert.match(await text(page, '.combobox .field-error'), /unknown symbol APPL; closest: .*AAPL/)
    assert.deepEqual(await h.axe(page), [])
  })
})
