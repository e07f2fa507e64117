/** What the portfolio pages' browser tests share: reading figures off a page, filling forms, the page checks. */
import assert from 'node:assert/strict'
import type { Page } from 'puppeteer-core'
import type { ConsoleHarness } from '../../helpers/console.ts'

export interface Body {
  [k: string]: unknown
}
export const json = (res: { body: string }) => JSON.parse(res.body) as Body

/** The number a cell shows ("$1,234.50", "−12.00 $"), as a number. */
export const shown = (text: string | null | undefined) =>
  Number((text ?? '').replace(/[−–]/g, '-').replace(/[^0-9.-]/g, ''))

export const textOf = (page: Page, selector: string) =>
  page.$eval(selector, (e) => (e as unknown as { textContent: string | null }).textContent ?? '')

/** Replaces an uncontrolled input's text (the forms read their values on submit). */
export async function fill(page: Page, selector: string, value: string): Promise<void> {
  await page.$eval(selector, (e) => ((e as unknown as { value: string }).value = ''))
  if (value) await page.type(selector, value)
}

/** No sideways scrolling at 390 px, and axe-core finds nothing serious. */
export async function checkPage(h: ConsoleHarness, page: Page, ready: string): Promise<void> {
  assert.deepEqual(await h.axe(page), [], `axe on ${page.url()}`)
  await page.setViewport({ width: 390, height: 844 })
  await page.waitForSelector(ready)
  const width = await page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
        .documentElement.scrollWidth,
  )
  assert.ok(width <= 390, `${page.url()} is ${width}px wide at 390`)
  await page.setViewport({ width: 1280, height: 900 })
}
