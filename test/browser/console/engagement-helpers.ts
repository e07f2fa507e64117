/** What the alerts, inbox and notification-settings browser tests share. */
import assert from 'node:assert/strict'
import type { Page } from 'puppeteer-core'
import { type ConsoleHarness, overflowing, scrollWidth } from '../../helpers/console.ts'

export const json = <T>(res: { body: string }) => JSON.parse(res.body) as T

export const text = (page: Page, sel: string) =>
  page.$eval(sel, (e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim())

/** axe-core finds nothing serious, and at 390 px wide the page does not scroll sideways. */
export async function checkPage(h: ConsoleHarness, page: Page): Promise<void> {
  assert.deepEqual(await h.axe(page), [], `axe on ${page.url()}`)
  await page.setViewport({ width: 390, height: 844 })
  const width = await scrollWidth(page)
  assert.ok(width <= 390, `${page.url()} is ${width}px wide at 390: ${(await overflowing(page)).join('; ')}`)
  await page.setViewport({ width: 1280, height: 900 })
}

/** The unread count the header's badge states (its data attribute; 0 when nothing is unread). */
export const badge = (page: Page) => page.$eval('a.inbox-link', (a) => Number(a.getAttribute('data-unread')))

/** Waits until the header's badge states `n`. */
export const badgeIs = (page: Page, n: number, timeout = 10_000) =>
  page.waitForFunction(`document.querySelector('a.inbox-link')?.getAttribute('data-unread') === '${n}'`, {
    timeout,
  })
