/**
 * The support assistant in Chromium, with a scripted model: the disclosure gate keeps the chat shut
 * until it is accepted; an answer streams in (its text grows on screen before it is done, the tool
 * the model called shows) and a forbidden phrase the model emits split across fragments never
 * appears on the page at any moment; feedback on the answer is stored; a refusal is explained with
 * the service's own message; the stop button ends a stream and the turn is kept as stopped; the
 * master switch shows its notice; "Talk to a person" leads to the case form filled in for this
 * conversation, the case is created and listed, and the conversation is read-only after. Every
 * state passes axe-core and fits a 390 px wide phone.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Page } from 'puppeteer-core'
import {
  assertFitsPhone,
  type ConsoleHarness,
  consoleSkipReason,
  type ConsoleUser,
  startConsole,
} from '../../helpers/console.ts'
import { json, text } from './engagement-helpers.ts'
import { scriptedLlm } from './support-fakes.ts'

const WATCHLIST_Q = 'How do I add a symbol to a watchlist?'
const STOP_Q = 'How do price alerts work?'
const ADVICE_Q = 'Which stock should I buy to get rich quickly?'

const llm = scriptedLlm([
  {
    when: /watchlist/i,
    tool: { name: 'search_help', arguments: '{"query":"watchlist"}' },
    steps: [
      'Open the symbol',
      ' page. ',
      { pause: 400 },
      'Then press Add to ',
      'watchlist. ',
      { pause: 400 },
      // The forbidden advice, split across fragments: the output filter must hold it back whole.
      'Honestly, you sho',
      'uld buy ACME ',
      'before it runs. ',
      { pause: 400 },
      'Your watchlists are listed on the Watchlists page.',
    ],
  },
  { when: /alerts/i, steps: ['Price alerts watch a symbol for you. ', { pause: 300 }, { hang: true }] },
])

/**
 * Records, on every change from now on, the messages list's text (window.__seen) and the streamed
 * answer's text (window.__live). A string: the tests are typed without the DOM's types.
 */
const watchThread = (page: Page) =>
  page.evaluate(`(() => {
    window.__seen = []
    window.__live = []
    new MutationObserver(() => {
      const thread = document.querySelector('.support-thread')
      if (thread) window.__seen.push(thread.textContent ?? '')
      const live = document.querySelector('.support-live')
      if (live) window.__live.push(live.textContent ?? '')
    }).observe(document.body, { subtree: true, childList: true, characterData: true })
  })()`)
const seen = (page: Page) => page.evaluate('window.__seen') as Promise<string[]>
const liveTexts = (page: Page) => page.evaluate('window.__live') as Promise<string[]>

async function ask(page: Page, question: string): Promise<void> {
  await page.type('#support-question', question)
  await page.click('.support-composer button[type=submit]')
}

interface Conversation {
  status: string
  messages: {
    sources: { title: string; slug: string }[]
    message_id: number
    role: string
    content: string
    finish: string | null
    intent: { reason: string } | null
  }[]
}
const conversation = async (user: ConsoleUser, id: number) =>
  json<Conversation>(await user.api.get(`/api/support/ai/conversations/${id}`))

const selectedConversation = (page: Page) => Number(new URL(page.url()).searchParams.get('c'))

async function acceptDisclosure(h: ConsoleHarness, page: Page, user: ConsoleUser): Promise<void> {
  const status = json<{ text: string; current_version: string }>(
    await user.api.get('/api/support/ai/disclosure/status'),
  )
  await page.waitForSelector('.support-disclosure')
  assert.equal(await page.$('#support-question'), null, 'no chat before the disclosure is accepted')
  assert.equal(await page.$('::-p-text(New conversation)'), null)
  const shown = await text(page, '.support-disclosure')
  assert.equal(shown, status.text.replace(/\s+/g, ' ').trim())
  assert.deepEqual(await h.axe(page), [])
  await assertFitsPhone(page)
  await page.locator('button::-p-text(Accept and continue)').click()
  await page.waitForSelector('::-p-text(New conversation)')
  const after = json<{ accepted: boolean; accepted_version: string }>(
    await user.api.get('/api/support/ai/disclosure/status'),
  )
  assert.equal(after.accepted, true)
  assert.equal(after.accepted_version, status.current_version)
}

describe('console: support assistant', { skip: consoleSkipReason() }, () => {
  let h: ConsoleHarness
  before(async () => {
    h = await startConsole({ env: { FEATURE_SUPPORT_AI: 'true' }, providers: { llm } })
  })
  after(async () => {
    await h?.close()
  })

  it('streams an answer, never shows the forbidden phrase, takes feedback, explains a refusal, stops, escalates', async () => {
    const user = await h.newUser()
    const page = await h.login(user, '/support')
    await acceptDisclosure(h, page, user)

    await page.locator('button::-p-text(New conversation)').click()
    await page.waitForSelector('#support-question')
    const id = selectedConversation(page)
    assert.ok(id > 0)

    // An answer streams in: the live text grows before the answer is done.
    await watchThread(page)
    await ask(page, WATCHLIST_Q)
    await page.waitForSelector('li[data-role=assistant][data-message]', { timeout: 20_000 })
    const grew = [...new Set((await liveTexts(page)).filter((t) => t && t !== 'Thinking…'))]
    assert.ok(grew.length >= 3, `the answer arrived in steps: ${JSON.stringify(grew)}`)
    for (let i = 1; i < grew.length; i++)
      assert.ok(grew[i]!.startsWith(grew[i - 1]!), 'each step extends the last')
    assert.ok(
      (await seen(page)).some((t) => t.includes('Looked up: search_help')),
      'the tool call was shown',
    )
    // The forbidden phrase never reached the page, at any moment.
    for (const t of await seen(page)) assert.doesNotMatch(t, /should\s*buy/i)
    const stored = await conversation(user, id)
    const answer = stored.messages.find((m) => m.role === 'assistant')!
    assert.doesNotMatch(answer.content, /should\s*buy/i)
    assert.match(answer.content, /Add to watchlist/)
    assert.equal(
      await text(page, `li[data-message="${answer.message_id}"] .support-text`),
      answer.content.replace(/\s+/g, ' ').trim(),
    )
    assert.deepEqual(await h.axe(page), [])
    await assertFitsPhone(page)

    // Feedback: thumbs down, a 2, a comment.
    await page.click('.support-feedback button[aria-label="Not helpful"]')
    await page.select('.support-feedback select[name=rating]', '2')
    await page.type('.support-feedback textarea', 'It did not say where the page is.')
    await page.locator('button::-p-text(Send feedback)').click()
    await page.waitForSelector('::-p-text(your feedback was sent)')
    const feedback = await h.t.c.scopes.withSystem('test: feedback', ({ db }) =>
      db.selectFrom('support_feedback').selectAll().where('tenant_id', '=', user.api.tenantId).execute(),
    )
    assert.equal(feedback.length, 1)
    assert.equal(feedback[0]!.helpful, false)
    assert.equal(feedback[0]!.rating, 2)

    // A refusal, explained with the service's own words.
    const other = json<{ conversation_id: number }>(await user.api.post('/api/support/ai/conversations', {}))
    const refusal = json<{ outcome: string; message: string }>(
      await user.api.post(`/api/support/ai/conversations/${other.conversation_id}/messages`, {
        content: ADVICE_Q,
      }),
    )
    assert.equal(refusal.outcome, 'refused')
    await ask(page, ADVICE_Q)
    await page.waitForSelector('.support-outcome[data-outcome=refused]')
    assert.ok((await text(page, '.support-outcome')).includes(refusal.message.replace(/\s+/g, ' ').trim()))
    await page.waitForSelector('.support-declined')
    const declined = (await conversation(user, id)).messages.at(-1)!
    assert.equal(await text(page, '.support-declined'), `Not answered: ${declined.intent!.reason}`)
    await page.locator('button::-p-text(Dismiss)').click()

    // The quota line states the API's count.
    const quota = json<{ used: number; limit: number }>(await user.api.get('/api/support/ai/quota'))
    await page.waitForSelector(`.support-quota[data-quota-used="${quota.used}"]`)
    assert.ok(
      (await text(page, '.support-quota')).startsWith(`${quota.used} of ${quota.limit} messages today`),
    )

    // Stop: the stream ends, the turn is kept as stopped.
    await ask(page, STOP_Q)
    await page.waitForFunction(
      `document.querySelector('.support-live')?.textContent.includes('Price alerts watch')`,
    )
    await page.locator('button::-p-text(Stop)').click()
    await page.waitForSelector('::-p-text(stopped before it finished)')
    await page.waitForFunction(`!document.querySelector('.support-composer button.danger')`)
    // The answer is listed in progress (no finish yet) until the stream stores what it sent.
    let stopped: Conversation['messages'][number] | undefined
    const kept = () => stopped?.finish === 'interrupted' && stopped.content !== ''
    for (let i = 0; i < 50 && !kept(); i++) {
      stopped = (await conversation(user, id)).messages.at(-1)
      if (!kept()) await new Promise((r) => setTimeout(r, 100))
    }
    assert.equal(stopped?.finish, 'interrupted')
    assert.equal(
      stopped?.content.trim(),
      'Price alerts watch a symbol for you.',
      'what was sent is what is kept',
    )

    // The master switch off: a clear notice, nothing stored.
    const before = (await conversation(user, id)).messages.length
    await h.t.c.flags.setOverride(user.api.tenantId, 'support_ai', false)
    await ask(page, WATCHLIST_Q)
    await page.waitForSelector('.support-outcome[data-outcome=master_flag_off]')
    assert.equal((await conversation(user, id)).messages.length, before)
    await h.t.c.flags.clearOverride(user.api.tenantId, 'support_ai')
    await page.locator('button::-p-text(Dismiss)').click()

    // Escalate: the case form, filled in for this conversation; the case is created and listed.
    await Promise.all([page.waitForNavigation(), page.locator('button::-p-text(Talk to a person)').click()])
    assert.equal(new URL(page.url()).pathname, '/app/support/cases/new')
    assert.equal(new URL(page.url()).searchParams.get('conversation_id'), String(id))
    await page.waitForSelector('input[name=subject]')
    assert.match(await page.$eval('input[name=subject]', (i) => i.value), new RegExp(`#${id}\\b`))
    assert.match(await page.$eval('textarea[name=body]', (i) => i.value), new RegExp(`#${id}\\b`))
    assert.deepEqual(await h.axe(page), [])
    await assertFitsPhone(page)
    await page.type('textarea[name=body]', 'Where is the watchlist button on a phone?')
    await page.click('form button[type=submit]')
    await page.waitForFunction(`/\\/app\\/support\\/cases\\/\\d+$/.test(location.pathname)`)
    const caseId = Number(new URL(page.url()).pathname.split('/').pop())
    const created = json<{ subject: string; conversation_id?: number | null }>(
      await user.api.get(`/api/support/ai/cases/${caseId}`),
    )
    assert.match(created.subject, new RegExp(`#${id}\\b`))
    await page.locator('a::-p-text(All cases)').click()
    await page.waitForSelector(`tr[data-case="${caseId}"]`)

    // The escalated conversation is read-only, with the way to a case.
    assert.equal((await conversation(user, id)).status, 'escalated')
    await page.goto(`${h.base}/app/support?c=${id}`)
    await page.waitForSelector('.support-escalated')
    assert.equal(await page.$('#support-question'), null)

    // The answer's sources link to their help articles, which open in the console.
    const source = (await conversation(user, id)).messages.find((m) => m.role === 'assistant')!.sources[0]!
    await page.click(`li[data-message] a[data-slug="${source.slug}"]`)
    await page.waitForSelector(`article.support-article[data-slug="${source.slug}"]`)
    assert.equal(await text(page, 'main h1'), source.title)
    assert.deepEqual(await h.axe(page), [])
    await assertFitsPhone(page)
    await page.close()
  })
})
