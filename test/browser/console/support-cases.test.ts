/**
 * Support cases in Chromium: a case opened from the form shows as its thread; the caller's reply is
 * added; support's public reply shows and its internal note never does; the status filter lists what
 * the API lists for each status; a closed case has no reply box and says why. Every state passes
 * axe-core and fits a 390 px wide phone.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Page } from 'puppeteer-core'
import {
  assertFitsPhone,
  type ConsoleHarness,
  consoleSkipReason,
  startConsole,
} from '../../helpers/console.ts'
import { json, text } from './engagement-helpers.ts'

interface CaseList {
  items: { case_id: number; status: string }[]
}

async function checked(h: ConsoleHarness, page: Page): Promise<void> {
  assert.deepEqual(await h.axe(page), [], `axe on ${page.url()}`)
  await assertFitsPhone(page)
}

const listed = (page: Page) =>
  page.$$eval('tr[data-case]', (rows) => rows.map((r) => Number(r.getAttribute('data-case'))))

describe('console: support cases', { skip: consoleSkipReason() }, () => {
  let h: ConsoleHarness
  before(async () => {
    h = await startConsole()
  })
  after(async () => {
    await h?.close()
  })

  it('opens a case, replies, shows public replies only, filters by status, and closes the reply box on a closed case', async () => {
    const user = await h.newUser()
    const admin = await h.t.newUser(user.api.tenantId, { role: 'admin' })
    const page = await h.login(user, '/support/cases')
    await page.waitForSelector('::-p-text(No cases yet)')
    await checked(h, page)

    // A new case from the form.
    await page.locator('a::-p-text(New case)').click()
    await page.waitForSelector('input[name=subject]')
    await page.type('input[name=subject]', 'My broker sync stopped')
    await page.select('select[name=category]', 'brokers')
    await page.type('textarea[name=body]', 'Since Monday my Schwab account shows no new trades.')
    await checked(h, page)
    await page.click('form button[type=submit]')
    await page.waitForFunction(`/\\/app\\/support\\/cases\\/\\d+$/.test(location.pathname)`)
    const first = Number(new URL(page.url()).pathname.split('/').pop())
    const stored = json<{ subject: string; category: string; status: string; body: string }>(
      await user.api.get(`/api/support/ai/cases/${first}`),
    )
    assert.deepEqual(
      [stored.subject, stored.category, stored.status, stored.body],
      ['My broker sync stopped', 'brokers', 'open', 'Since Monday my Schwab account shows no new trades.'],
    )
    await page.waitForSelector('::-p-text(No replies yet)')

    // The caller replies.
    await page.type('textarea[name=body]', 'It is the brokerage account ending 42.')
    await page.locator('button::-p-text(Send reply)').click()
    await page.waitForSelector('li[data-author=you]')
    assert.match(await text(page, 'li[data-author=you]'), /ending 42/)

    // Support answers in public and writes an internal note: only the answer shows.
    const reply = await admin.post(`/api/admin/support/cases/${first}/comments`, {
      body: 'We re-linked the connection; please check again.',
      public: true,
    })
    assert.equal(reply.statusCode, 200, reply.body)
    const note = await admin.post(`/api/admin/support/cases/${first}/comments`, {
      body: 'INTERNAL: token had expired',
      public: false,
    })
    assert.equal(note.statusCode, 200, note.body)
    await page.reload()
    await page.waitForSelector('li[data-author=support]')
    assert.match(await text(page, 'li[data-author=support]'), /re-linked the connection/)
    assert.equal(await page.$('::-p-text(INTERNAL)'), null, 'an internal note never shows')
    await page.waitForSelector('::-p-text(waiting for your reply)')
    await checked(h, page)

    // A second case, closed by support.
    const second = json<{ case_id: number }>(
      await user.api.post('/api/support/ai/cases', {
        subject: 'Invoice question',
        body: 'Which plan am I on?',
        category: 'billing',
      }),
    ).case_id
    const close = await admin.patch(`/api/admin/support/cases/${second}`, { status: 'closed' })
    assert.equal(close.statusCode, 200, close.body)

    // The status filter lists what the API lists.
    await page.locator('a::-p-text(All cases)').click()
    await page.waitForSelector(`tr[data-case="${second}"]`)
    assert.deepEqual(new Set(await listed(page)), new Set([first, second]))
    for (const status of ['pending', 'closed', 'open'] as const) {
      await page.select('select[name=status_filter]', status)
      const api = json<CaseList>(await user.api.get(`/api/support/ai/cases?status_filter=${status}`))
      const want = api.items.map((c) => c.case_id)
      if (want.length === 0) await page.waitForSelector('::-p-text(No cases in this status)')
      else
        await page.waitForFunction(
          `document.querySelectorAll('tr[data-case]').length === ${want.length} && [...document.querySelectorAll('tr[data-case]')].every((r) => r.getAttribute('data-status') === '${status}')`,
        )
      assert.deepEqual(await listed(page), want)
    }
    assert.deepEqual(
      json<CaseList>(await user.api.get('/api/support/ai/cases?status_filter=closed')).items.map(
        (c) => c.case_id,
      ),
      [second],
    )
    await checked(h, page)

    // A closed case: no reply box, and why.
    await page.select('select[name=status_filter]', 'closed')
    await page.locator(`tr[data-case="${second}"] a`).click()
    await page.waitForSelector('.support-case-closed')
    assert.match(await text(page, '.support-case-closed'), /closed, so it takes no more replies/)
    assert.equal(await page.$('textarea[name=body]'), null)
    await checked(h, page)
    await page.close()
  })
})
