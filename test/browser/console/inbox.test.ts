/**
 * The inbox in Chromium: the header's badge states the API's unread count; marking an item read on
 * /inbox, and then all of them, updates the list, the API and the badge together; the unread filter
 * and the pages follow the API's; a new item shows in the badge when the window regains focus (no
 * reload). Every state passes axe-core and fits a 390 px wide screen.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import {
  type ConsoleHarness,
  consoleSkipReason,
  type ConsoleUser,
  startConsole,
} from '../../helpers/console.ts'
import { badge, badgeIs, checkPage, json } from './engagement-helpers.ts'

let seq = 0
/** An in-app item for `user`, through POST /api/notifications (in_app is written at once). */
async function notify(user: ConsoleUser, title: string): Promise<void> {
  const res = await user.api.post(
    '/api/notifications',
    { title, body: `Body of ${title}`, url: '/app/alerts', channels: ['in_app'] },
    { 'idempotency-key': `inbox-test-${process.pid}-${++seq}` },
  )
  assert.equal(res.statusCode, 202, res.body)
}
const unreadOf = async (user: ConsoleUser) =>
  json<{ unread: number }>(await user.api.get('/api/alerts/in-app/unread-count')).unread

describe('console: inbox', { skip: consoleSkipReason() }, () => {
  let h: ConsoleHarness
  before(async () => {
    h = await startConsole()
  })
  after(async () => {
    await h?.close()
  })

  it('marks items read and the badge follows; a new item shows on focus; pages and the unread filter', async () => {
    const user = await h.newUser()
    for (let i = 1; i <= 27; i++) await notify(user, `Alert ${i}`)
    const page = await h.login(user, '/inbox')
    await badgeIs(page, 27)
    assert.equal(await unreadOf(user), 27)
    await page.waitForSelector('li.inbox-item')
    // Newest first, 25 a page: Alert 27 … Alert 3, then Alert 2 and Alert 1 on page 2.
    const titles = () => page.$$eval('li.inbox-item strong', (s) => s.map((e) => e.textContent))
    const first = await titles()
    assert.equal(first.length, 25)
    assert.equal(first[0], 'Alert 27')
    await checkPage(h, page)
    await page.locator('button::-p-text(Older)').click()
    await page.waitForFunction("document.querySelectorAll('li.inbox-item').length === 2")
    assert.deepEqual(await titles(), ['Alert 2', 'Alert 1'])

    // Mark one read: the list, the API and the badge agree.
    const item = await page.$eval('li.inbox-item', (li) => Number(li.getAttribute('data-item')))
    await page.click(`li[data-item="${item}"] button`)
    await page.waitForSelector(`li[data-item="${item}"][data-read="true"]`)
    await badgeIs(page, 26)
    assert.equal(await unreadOf(user), 26)
    const listed = json<{ items: { item_id: number; read: boolean }[] }>(
      await user.api.get('/api/alerts/in-app?page=2&page_size=25'),
    )
    assert.equal(listed.items.find((i) => i.item_id === item)?.read, true)

    // Unread only: the read item is gone from the filtered list.
    await page.locator('button::-p-text(Newer)').click()
    await page.click('input[name=unread]')
    await page.waitForFunction(`!document.querySelector('li[data-item="${item}"]')`)
    assert.ok(
      await page.$$eval('li.inbox-item', (l) => l.every((e) => e.getAttribute('data-read') === 'false')),
    )

    // Mark all read: nothing unread, the badge empties.
    await page.locator('button::-p-text(Mark all read)').click()
    await page.waitForSelector('::-p-text(Nothing unread.)')
    await badgeIs(page, 0)
    assert.equal(await unreadOf(user), 0)
    assert.equal(await page.$('.unread-badge'), null)
    await checkPage(h, page)

    // Live: an item created elsewhere shows when the window regains focus, without a reload.
    await notify(user, 'Fresh alert')
    assert.equal(await badge(page), 0)
    await page.evaluate("window.dispatchEvent(new Event('focus'))")
    await badgeIs(page, 1)
    await page.close()
  })
})
