/**
 * The support area's help articles and conversation deletion in Chromium. Help: the catalogue and a
 * search (kept in the address, ?q=) show what GET /api/support/ai/help answers, in its order and with
 * its passages; a hit opens its article; an unknown slug says there is none; the search above an
 * article leads to the results. Deletion: a conversation is deleted only after the confirmation
 * (Cancel keeps it), then leaves the list and the API answers 404 for it. Every state passes axe-core
 * and fits a 390 px wide phone.
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
import { checkPage, json, text } from './engagement-helpers.ts'

interface Help {
  q: string | null
  items: { slug: string; title: string; passage: string | null }[]
}
const help = async (user: ConsoleUser, q?: string) =>
  json<Help>(await user.api.get(`/api/support/ai/help${q ? `?q=${encodeURIComponent(q)}` : ''}`))

/** The results the page lists: [slug, title, passage]. */
const shown = (page: Page) =>
  page.$$eval('.support-help-results li', (lis) =>
    lis.map((li) => [
      li.getAttribute('data-slug'),
      (li.querySelector('a')?.textContent ?? '').trim(),
      (li.querySelector('.support-help-passage')?.textContent ?? '').trim(),
    ]),
  )

/** Searches with the page's form; waits for the results of `q` (or `until`). */
async function search(page: Page, q: string, until = `.support-help-results[data-q="${q}"]`): Promise<void> {
  await page.$eval('input[name=q]', (i) => (i.value = ''))
  await page.type('input[name=q]', q)
  await page.click('form[role=search] button[type=submit]')
  await page.waitForSelector(until)
}

describe('console: support help articles and deleting a conversation', { skip: consoleSkipReason() }, () => {
  let h: ConsoleHarness
  before(async () => {
    h = await startConsole({ env: { FEATURE_SUPPORT_AI: 'true' } })
  })
  after(async () => {
    await h?.close()
  })

  it('lists and searches the help articles through the API and opens one', async () => {
    const user = await h.newUser()
    const page = await h.login(user, '/support/help')
    await page.waitForSelector('.support-help-results[data-q=""]')
    const all = await help(user)
    assert.deepEqual(
      await shown(page),
      all.items.map((i) => [i.slug, i.title, '']),
    )
    await checkPage(h, page)

    await search(page, 'add a symbol to a watchlist')
    assert.equal(new URL(page.url()).searchParams.get('q'), 'add a symbol to a watchlist')
    const hits = await help(user, 'add a symbol to a watchlist')
    assert.ok(hits.items.length > 1)
    assert.deepEqual(
      await shown(page),
      hits.items.map((i) => [i.slug, i.title, i.passage!.replace(/\s+/g, ' ')]),
    )
    await checkPage(h, page)

    // Nothing matches: said so, with the ways on.
    await search(page, 'how do I', '::-p-text(No help article matches)')
    assert.deepEqual((await help(user, 'how do I')).items, [])

    // A hit opens its article, whose text is the API's.
    await page.goto(`${h.base}/app/support/help?q=${encodeURIComponent('watchlist')}`)
    await page.waitForSelector('.support-help-results[data-q="watchlist"]')
    const first = (await help(user, 'watchlist')).items[0]!
    await page.click(`.support-help-results li[data-slug="${first.slug}"] a`)
    await page.waitForSelector(`article.support-article[data-slug="${first.slug}"]`)
    assert.equal(await text(page, 'main h1'), first.title)
    const article = json<{ body: string }>(await user.api.get(`/api/support/ai/help/${first.slug}`))
    const firstHeading = /^## (.+)$/m.exec(article.body)![1]!
    assert.ok((await text(page, 'article.support-article h2')).startsWith(firstHeading.replace(/\*\*/g, '')))
    await checkPage(h, page)

    // The search above an article leads to the results.
    await page.type('input[name=q]', 'alerts')
    await page.click('form[role=search] button[type=submit]')
    await page.waitForSelector('.support-help-results[data-q="alerts"]')
    assert.equal(new URL(page.url()).pathname, '/app/support/help')

    await page.goto(`${h.base}/app/support/help/no-such-article`)
    await page.waitForSelector('::-p-text(There is no such help article)')
    await page.close()
  })

  it('deletes a conversation only after the confirmation; it leaves the list and answers 404', async () => {
    const user = await h.newUser()
    const status = json<{ current_version: string }>(await user.api.get('/api/support/ai/disclosure/status'))
    await user.api.post('/api/support/ai/disclosure/accept', { version: status.current_version })
    const open = async (title: string) =>
      json<{ conversation_id: number }>(await user.api.post('/api/support/ai/conversations', { title }))
        .conversation_id
    const keep = await open('Keep this one')
    const id = await open('Delete this one')
    await user.api.post(`/api/support/ai/conversations/${id}/messages`, {
      content: 'How do price alerts work?',
    })

    const page = await h.login(user, `/support?c=${id}`)
    await page.waitForSelector(`li[data-conversation="${id}"]`)
    await page.locator('button::-p-text(Delete conversation)').click()
    await page.waitForSelector('[role=group][aria-label="Confirm deleting this conversation"]')
    assert.match(await text(page, '.support-delete'), /Delete this one/)
    await checkPage(h, page)
    // Cancel keeps it.
    await page.locator('button::-p-text(Cancel)').click()
    await page.waitForFunction(`!document.querySelector('[aria-label="Confirm deleting this conversation"]')`)
    assert.equal((await user.api.get(`/api/support/ai/conversations/${id}`)).statusCode, 200)

    await page.locator('button::-p-text(Delete conversation)').click()
    await page.locator('button::-p-text(Yes, delete it)').click()
    await page.waitForFunction(`!document.querySelector('li[data-conversation="${id}"]')`)
    assert.equal(new URL(page.url()).searchParams.get('c'), null)
    await page.waitForSelector(`li[data-conversation="${keep}"]`)
    await page.waitForSelector('::-p-text(Pick a conversation)')
    const gone = await user.api.get(`/api/support/ai/conversations/${id}`)
    assert.equal(gone.statusCode, 404)
    assert.equal(json<{ code: string }>(gone).code, 'support.conversation_not_found')
    assert.equal((await user.api.get(`/api/support/ai/conversations/${keep}`)).statusCode, 200)
    await checkPage(h, page)
    await page.close()
  })
})
