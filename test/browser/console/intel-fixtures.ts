/** Shared by the Intelligence browser tests: data set up over the API, and reads of the page. */
import assert from 'node:assert/strict'
import type { Page } from 'puppeteer-core'
import type { ConsoleUser } from '../../helpers/console.ts'
import { json } from '../../helpers/assertions.ts'

export type Body = Record<string, unknown>

/** Holdings in a manual account, as the API tests create them. */
export async function holdings(
  user: ConsoleUser,
  positions: { symbol: string; quantity: number; value: number }[],
) {
  const acc = await user.api.post('/api/accounts', { name: 'Intel', broker_type: 'manual' })
  assert.equal(acc.statusCode, 201, acc.body)
  for (const p of positions) {
    const r = await user.api.post('/api/brokers/manual/positions', {
      account_id: json(acc.body).id,
      symbol: p.symbol,
      quantity: p.quantity,
      cost_basis: p.value,
    })
    assert.equal(r.statusCode, 201, r.body)
  }
}

/** Sets form fields by name (uncontrolled inputs; the form reads them when submitted). */
export async function fill(page: Page, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values))
    await page.$eval(`[name="${name}"]`, (el, v) => ((el as unknown as { value: string }).value = v), value)
}

/** The message shown under the field named `name`. */
export const fieldError = (page: Page, name: string) =>
  page.$eval(`.field:has([name="${name}"]) .field-error`, (e) => e.textContent)

/** Waits for the page's heading and for every loading line to go. */
export async function settled(page: Page) {
  await page.waitForSelector('main h1')
  await page.waitForFunction("!document.querySelector('main .loading')", { timeout: 30_000 })
}

/** The value at a dotted path of an answer. */
export const at = (obj: Body, path: string): unknown =>
  path.split('.').reduce<unknown>((o, k) => (o as Body | undefined)?.[k], obj)

export const usd = (v: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(v)

/** True when a chart canvas of the page has any non-transparent pixel. */
export const chartInked = (page: Page) =>
  page.evaluate(`[...document.querySelectorAll('.chart canvas')].some((c) => {
    const ctx = c.getContext('2d')
    return !!ctx && c.width > 0 && ctx.getImageData(0, 0, c.width, c.height).data.some((v, i) => i % 4 === 3 && v > 0)
  })`) as Promise<boolean>

/** Each coloured cell of the correlation table: [data-value, background, text colour] as computed. */
export const heatmapColours = (page: Page) =>
  page.evaluate(`[...document.querySelectorAll('table[aria-label="Correlation matrix"] td[style]')].map((td) => {
    const s = getComputedStyle(td)
    return [td.getAttribute('data-value'), s.backgroundColor, s.color]
  })`) as Promise<[string, string, string][]>

/** WCAG contrast ratio of two computed `rgb(r, g, b)` colours. */
export function contrast(a: string, b: string): number {
  const lum = (rgb: string) => {
    const [r = 0, g = 0, bl = 0] = (rgb.match(/\d+/g) ?? []).map(Number).map((c) => {
      const v = c / 255
      return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl
  }
  const [hi = 0, lo = 0] = [lum(a), lum(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}

/** The rows of the trade log shown now, as "trade_id:pnl". */
export const shownTrades = (page: Page) =>
  page.$$eval('table[aria-label=Trades] tbody tr', (rows) =>
    rows.map(
      (r) => `${r.getAttribute('data-trade')}:${r.querySelector('[data-pnl]')?.getAttribute('data-pnl')}`,
    ),
  )

/** Waits until the first row of the trade log is no longer `text`. */
export const tradesChanged = (page: Page, text: string | null) =>
  page.waitForFunction(
    `document.querySelector('table[aria-label=Trades] tbody tr')?.textContent !== ${JSON.stringify(text)}`,
  )
