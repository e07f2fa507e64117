/**
 * The console's pagers under the keyboard: pressing the forward button with Enter until the last
 * page leaves keyboard focus on that button, which then says it cannot go further
 * (aria-disabled="true") and ignores another press. Checked on a cursor list (the activities
 * ledger, 50 a page) and a numbered one labelled Newer/Older (the inbox, 25 a page); the order log
 * has the same check in agents-orders.test.ts.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Page } from 'puppeteer-core'
import {
  type ConsoleHarness,
  consoleSkipReason,
  type ConsoleUser,
  startConsole,
} from '../../helpers/console.ts'
import { createManualAccount } from '../../helpers/portfolio.ts'

/** The little of the DOM the page functions below read (the tests compile without the DOM's types). */
interface Doc {
  activeElement: { textContent: string | null } | null
  querySelector(selector: string): { textContent: string | null } | null
}

const pause = (page: Page) => page.evaluate('new Promise((r) => setTimeout(r, 300))')

/** The text of the first row shown, and of the pager's position ("Page 2 of 2"). */
const shownState = (page: Page, nav: string, firstRow: string) =>
  page.evaluate(
    (n, r) => {
      const document = (globalThis as unknown as { document: Doc }).document
      return {
        row: document.querySelector(r)?.textContent ?? '',
        at: document.querySelector(`${n} span`)?.textContent ?? '',
      }
    },
    nav,
    firstRow,
  )

/**
 * Focuses the pager's last button and presses Enter `presses` times, waiting each time for the
 * next page's rows; returns how many rows the page reached shows.
 */
async function keyForward(page: Page, nav: string, rows: string, presses: number): Promise<number> {
  const next = `${nav} button:last-of-type`
  const firstRow = `${rows}:first-child`
  await page.waitForSelector(next)
  await page.focus(next)
  for (let i = 0; i < presses; i++) {
    const before = await shownState(page, nav, firstRow)
    await page.keyboard.press('Enter')
    await page.waitForFunction(
      (n, r, b) => {
        const document = (globalThis as unknown as { document: Doc }).document
        return (
          document.querySelector(r)?.textContent !== b.row &&
          document.querySelector(`${n} span`)?.textContent !== b.at
        )
      },
      {},
      nav,
      firstRow,
      before,
    )
    await pause(page)
  }
  return page.$$eval(rows, (r) => r.length)
}

/** Keyboard focus is still on the pager's last button, which says it is unavailable and stays so. */
async function assertStaysAtEnd(page: Page, nav: string, rows: string, label: string): Promise<void> {
  const next = `${nav} button:last-of-type`
  const focused = (sel: string) =>
    page.evaluate((s) => {
      const document = (globalThis as unknown as { document: Doc }).document
      return document.activeElement === document.querySelector(s)
    }, sel)
  assert.equal(await focused(next), true, `focus stays on ${label}`)
  assert.equal(
    await page.evaluate(
      () => (globalThis as unknown as { document: Doc }).document.activeElement?.textContent,
    ),
    label,
  )
  assert.equal(await page.$eval(next, (b) => b.getAttribute('aria-disabled')), 'true')
  const before = await shownState(page, nav, `${rows}:first-child`)
  await page.keyboard.press('Enter')
  await pause(page)
  assert.deepEqual(
    await shownState(page, nav, `${rows}:first-child`),
    before,
    'a press past the end changes nothing',
  )
  assert.equal(await focused(next), true, `focus is still on ${label}`)
}

/** `n` deposits with distinct dates and amounts in one CSV import. */
async function deposits(user: ConsoleUser, account: number, n: number): Promise<void> {
  const lines = ['Date,Type,Symbol,Quantity,Price,Amount,Fee,Currency,Note']
  for (let i = 0; i < n; i++) {
    const day = new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10)
    lines.push(`${day},DEPOSIT,,,,${100 + i}.00,0,USD,deposit ${i + 1}`)
  }
  const res = await user.api.inject({
    method: 'POST',
    url: `/api/activities/import?account_id=${account}`,
    headers: { 'content-type': 'text/csv' },
    payload: `${lines.join('\n')}\n`,
  })
  assert.equal(res.statusCode, 200, res.body)
  assert.equal((JSON.parse(res.body) as { imported: number }).imported, n)
}

let seq = 0
async function notify(user: ConsoleUser, title: string): Promise<void> {
  const res = await user.api.post(
    '/api/notifications',
    { title, body: `Body of ${title}`, url: '/app/alerts', channels: ['in_app'] },
    { 'idempotency-key': `pagers-test-${process.pid}-${++seq}` },
  )
  assert.equal(res.statusCode, 202, res.body)
}

describe('console: pagers keep keyboard focus at the last page', { skip: consoleSkipReason() }, () => {
  let h: ConsoleHarness
  before(async () => {
    h = await startConsole()
  })
  after(async () => {
    await h?.close()
  })

  it('the activities ledger (a cursor list): Next keeps focus and ignores presses at the end', async () => {
    const user = await h.newUser()
    const account = await createManualAccount(user.api)
    await deposits(user, account, 52) // 50 a page: two pages
    const page = await h.login(user, '/activities')
    const nav = 'nav.pager[aria-label="Pages"]'
    const rows = 'table[aria-label=Activities] tbody tr'
    await page.waitForSelector(rows)
    assert.equal(await keyForward(page, nav, rows, 1), 2, 'the last page shows the 2 rows left')
    await assertStaysAtEnd(page, nav, rows, 'Next')
    assert.deepEqual(await h.axe(page), [])
    await page.close()
  })

  it('the inbox (numbered, Newer/Older): Older keeps focus and ignores presses at the end', async () => {
    const user = await h.newUser()
    for (let i = 1; i <= 27; i++) await notify(user, `Alert ${i}`) // 25 a page: two pages
    const page = await h.login(user, '/inbox')
    const nav = 'nav.pager[aria-label="Inbox pages"]'
    const rows = 'ul.inbox-list li.inbox-item'
    await page.waitForSelector(rows)
    assert.equal(await keyForward(page, nav, rows, 1), 2, 'the last page shows the 2 rows left')
    await assertStaysAtEnd(page, nav, rows, 'Older')
    assert.match(await page.$eval(`${nav} span`, (s) => s.textContent ?? ''), /Page 2 of 2/)
    await page.close()
  })
})
