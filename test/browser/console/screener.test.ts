/**
 * The console's screener page in Chromium, against the API of the same user: the rows, their order
 * and the "why" values equal the API's run of the same spec (after filtering, sorting by a header and
 * building from words); the API's 422 lands next to the value it names, the words box's 422 next to
 * the prompt; the degraded badge shows when the keyword rules built the screen spec; CSV downloads; a saved
 * screen appears and is deleted. The page passes axe-core and fits a 390 px wide phone.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Page } from 'puppeteer-core'
import { systemClock } from '../../../src/platform/clock.ts'
import { SimulatedMarketData, type Instrument } from '../../../src/providers/market-data/index.ts'
import {
  type ConsoleHarness,
  consoleSkipReason,
  type ConsoleUser,
  startConsole,
} from '../../helpers/console.ts'
import { checkPage, json, shown, type Body } from './portfolio-helpers.ts'

const SYMBOLS = new Set(['AAPL', 'MSFT', 'NVDA', 'JPM', 'JNJ', 'XOM', 'KO', 'PG', 'T', 'SPY', 'AMD', 'CVX'])
class SmallMarket extends SimulatedMarketData {
  override async universe(): Promise<Instrument[]> {
    return (await super.universe()).filter((i) => SYMBOLS.has(i.symbol))
  }
}

interface Doc {
  document: {
    querySelectorAll(
      s: string,
    ): ArrayLike<{ getAttribute(n: string): string | null }> &
      Iterable<{ getAttribute(n: string): string | null }>
  }
}

const TABLE = 'table[aria-label="Screen results"]'

async function apiRun(user: ConsoleUser, spec: Body): Promise<Body> {
  const res = await user.api.post('/api/screener', { limit: 25, offset: 0, ...spec })
  assert.equal(res.statusCode, 200, res.body)
  return json(res)
}

/** The symbols of the table's rows, in order, once they equal `expected` (the query refetches). */
async function rowsEqual(page: Page, expected: string[]): Promise<void> {
  await page.waitForFunction(
    (sel: string, want: string) =>
      JSON.stringify(
        [...(globalThis as unknown as Doc).document.querySelectorAll(`${sel} tbody tr`)].map((tr) =>
          tr.getAttribute('data-symbol'),
        ),
      ) === want,
    { timeout: 10_000 },
    TABLE,
    JSON.stringify(expected),
  )
}

/** A column's cells, once the table shows `count` of them (its columns may render after its rows). */
async function cells(page: Page, field: string, count: number): Promise<string[]> {
  const sel = `${TABLE} td[data-field="${field}"]`
  await page.waitForFunction(
    (s: string, n: number) => (globalThis as unknown as Doc).document.querySelectorAll(s).length === n,
    { timeout: 10_000 },
    sel,
    count,
  )
  return page.$$eval(sel, (tds) => tds.map((td) => td.textContent ?? ''))
}

describe('console: screener', { skip: consoleSkipReason() }, () => {
  let h: ConsoleHarness
  before(async () => {
    h = await startConsole({ providers: { market: new SmallMarket({ clock: systemClock }) } })
  })
  after(async () => {
    assert.deepEqual(h?.problems ?? [], [])
    await h?.close()
  })

  it('shows the API’s rows and prices, filters with a condition (why column), sorts by a header', async () => {
    const user = await h.newUser()
    const page = await h.login(user, '/screener')
    await page.waitForSelector(TABLE)
    const all = await apiRun(user, { filters: { all: [] } })
    const rows = all['rows'] as Array<{ symbol: string; values: Record<string, number> }>
    assert.ok(rows.length > 5)
    await rowsEqual(
      page,
      rows.map((r) => r.symbol),
    )
    const prices = (await cells(page, 'price', rows.length)).map(shown)
    assert.deepEqual(
      prices,
      rows.map((r) => Math.round(r.values['price']! * 100) / 100),
    )
    await checkPage(h, page, TABLE)

    // One condition: RSI(14) below 60; the run equals the API's, with its RSI in a "why" column.
    await page.click('button ::-p-text(Add condition)')
    await page.waitForSelector('.screen-cond select[name=field]')
    await page.select('.screen-cond select[name=field]', 'rsi_14')
    await page.select('.screen-cond select[name=op]', 'lt')
    await page.type('.screen-cond input[name=value]', '60')
    await page.click('button[type=submit] ::-p-text(Run screen)')
    const spec = { filters: { all: [{ field: 'rsi_14', op: 'lt', value: 60 }] } }
    const filtered = await apiRun(user, spec)
    const fRows = filtered['rows'] as Array<{ symbol: string; why: Record<string, number> }>
    await rowsEqual(
      page,
      fRows.map((r) => r.symbol),
    )
    assert.deepEqual(
      (await cells(page, 'rsi_14', fRows.length)).map(shown),
      fRows.map((r) => Math.round(r.why['rsi_14']! * 100) / 100),
    )
    assert.ok(await page.$(`${TABLE} th ::-p-text(Why: RSI)`))

    // Sort by clicking the Price header: largest first, as the API sorts.
    await page.click(`${TABLE} th button ::-p-text(Price)`)
    const sorted = await apiRun(user, { ...spec, sort: [{ field: 'price', dir: 'desc' }] })
    await rowsEqual(
      page,
      (sorted['rows'] as Array<{ symbol: string }>).map((r) => r.symbol),
    )
  })

  it('shows the API’s 422 next to the value it names, and downloads the CSV', async () => {
    const user = await h.newUser()
    const page = await h.login(user, '/screener')
    await page.waitForSelector(TABLE)
    const bad = { filters: { all: [{ field: 'market_cap', op: 'gt', value: '5%' }] } }
    const refused = await user.api.post('/api/screener', { limit: 25, offset: 0, ...bad })
    assert.equal(refused.statusCode, 422, refused.body)
    const expected = (json(refused)['errors'] as Array<{ msg: string }>)[0]!.msg
    await page.click('button ::-p-text(Add condition)')
    await page.select('.screen-cond select[name=field]', 'market_cap')
    await page.select('.screen-cond select[name=op]', 'gt')
    await page.type('.screen-cond input[name=value]', '5%')
    await page.click('button[type=submit] ::-p-text(Run screen)')
    const error = await page.waitForSelector(
      '.screen-cond .field.invalid:has(input[name=value]) .field-error',
    )
    assert.equal(await error!.evaluate((e) => e.textContent), expected)

    const csv = page.waitForResponse((r) => r.url().endsWith('/api/screener/export.csv'))
    await page.click('button ::-p-text(Remove condition)')
    await page.click('button[type=submit] ::-p-text(Run screen)')
    await page.waitForSelector(TABLE)
    await page.click('button ::-p-text(Download CSV)')
    const res = await csv
    assert.equal(res.status(), 200)
    assert.match(res.headers()['content-type'] ?? '', /text\/csv/)
  })

  it('builds a screen from words: the editor filled in, the paraphrase, the degraded badge, the API’s rows', async () => {
    const user = await h.newUser()
    const page = await h.login(user, '/screener')
    await page.waitForSelector(TABLE)
    const prompt = 'large-cap stocks above the 50-day moving average'
    const built = json(await user.api.post('/api/screener/ai-build', { prompt }))
    assert.equal(built['degraded'], true, 'no language model is configured in the test app')
    await page.type('input[name=prompt]', prompt)
    await page.click('button ::-p-text(Build screen)')
    await page.waitForSelector('.screen-degraded')
    const clauses = await page.$$eval('.screen-paraphrase li', (lis) => lis.map((li) => li.textContent ?? ''))
    assert.equal(clauses.length, (built['clauses'] as unknown[]).length)
    assert.equal((await page.$$('.screen-cond')).length, 2)
    assert.equal(
      await page.$eval('.screen-cond select[name=field]', (e) => (e as unknown as { value: string }).value),
      'market_cap',
    )
    const run = await apiRun(user, built['spec'] as Body)
    await rowsEqual(
      page,
      (run['rows'] as Array<{ symbol: string }>).map((r) => r.symbol),
    )
    await checkPage(h, page, '.screen-degraded')

    // Words nothing understands: the API's message next to the prompt.
    const refused = json(await user.api.post('/api/screener/ai-build', { prompt: 'tell me a joke' }))
    await page.click('input[name=prompt]', { count: 3 })
    await page.keyboard.press('Backspace')
    await page.type('input[name=prompt]', 'tell me a joke')
    await page.click('button ::-p-text(Build screen)')
    const error = await page.waitForSelector('.field.invalid:has(input[name=prompt]) .field-error')
    assert.equal(
      await error!.evaluate((e) => e.textContent),
      (refused['errors'] as Array<{ msg: string }>)[0]!.msg,
    )
  })

  it('saves the current screen, lists it as the API does, and deletes it', async () => {
    const user = await h.newUser()
    const page = await h.login(user, '/screener')
    await page.waitForSelector('.screen-group')
    await page.type('input[name=name]', 'Everything')
    await page.click('button ::-p-text(Save current screen)')
    await page.waitForSelector('.screen-saved li')
    const saved = json(await user.api.get('/api/screener/saved'))['items'] as Array<{
      id: number
      name: string
    }>
    assert.deepEqual(
      saved.map((s) => s.name),
      ['Everything'],
    )
    await page.click('button ::-p-text(Delete Everything)')
    await page.waitForSelector('.empty ::-p-text(No saved screens)')
    assert.deepEqual(json(await user.api.get('/api/screener/saved'))['items'], [])
  })
})
