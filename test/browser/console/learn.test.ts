/**
 * The Learn area in Chromium: the catalog with the caller's progress (equal to the API's), a concept
 * with its worked example drawn on a chart (the points listed equal the API's), its quiz answered with
 * right/wrong and the explanation shown, and progress on the page moving to what
 * GET /api/ta/learn/progress answers; an advanced concept on the free plan shows the API's 402 message.
 * Every page passes axe-core and fits a 390 px wide screen.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Page } from 'puppeteer-core'
import {
  type ConsoleHarness,
  consoleSkipReason,
  startConsole,
  assertFitsPhone,
} from '../../helpers/console.ts'

interface Progress {
  progress_pct: number
  questions: number
  questions_answered: number
  concepts: number
  concepts_completed: number
  by_concept: { concept_id: string; questions_answered: number; correct: number; questions: number }[]
  layers: { layer: string; questions_answered: number; questions: number }[]
}
interface Concept {
  title: string
  example: { points: { label: string; time: string; price: number }[] } | null
  questions: { id: string; choices: { id: string }[] }[]
}

const text = (page: Page, sel: string) =>
  page.$eval(sel, (e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim())

/** Waits until the text of the element `sel` is `want` (or starts with it, or is there and differs). */
function waitText(page: Page, sel: string, want: string, how: 'is' | 'startsWith' | 'changedFrom' = 'is') {
  const t = `(document.querySelector(${JSON.stringify(sel)})?.textContent ?? '')`
  const w = JSON.stringify(want)
  const test = {
    is: `${t} === ${w}`,
    startsWith: `${t}.startsWith(${w})`,
    changedFrom: `${t} !== '' && ${t} !== ${w}`,
  }
  return page.waitForFunction(test[how])
}

describe('console: learn', { skip: consoleSkipReason() }, () => {
  let h: ConsoleHarness
  before(async () => {
    h = await startConsole()
  })
  after(async () => {
    await h?.close()
  })

  it('the catalog shows the progress the API reports, per layer and per concept', async () => {
    const user = await h.newUser()
    await user.api.post('/api/ta/learn/quiz/answer', { question_id: 'doji-1', answer: 'a' })
    const api = JSON.parse((await user.api.get('/api/ta/learn/progress')).body) as Progress
    const page = await h.login(user, '/learn')
    await page.waitForSelector('[data-stat="Questions answered"]')
    await page.waitForSelector('li[data-concept="doji"]')
    assert.equal(
      await text(page, '[data-stat="Questions answered"]'),
      `${api.questions_answered} of ${api.questions}`,
    )
    assert.equal(await text(page, '[data-stat="Progress"]'), `${api.progress_pct.toFixed(1)}%`)
    const pa = api.layers.find((l) => l.layer === 'price_action')!
    assert.match(
      await text(page, 'tr[data-layer="price_action"]'),
      new RegExp(`${pa.questions_answered} of ${pa.questions}`),
    )
    const doji = api.by_concept.find((c) => c.concept_id === 'doji')!
    assert.equal(
      await text(page, '[data-completion="doji"]'),
      `${doji.questions_answered} of ${doji.questions} answered`,
    )
    const catalog = JSON.parse((await h.t.anon.get('/api/ta/learn/concepts')).body) as { concepts: unknown[] }
    assert.equal((await page.$$('li[data-concept]')).length, catalog.concepts.length)
    assert.deepEqual(await h.axe(page), [])
    await page.locator('button::-p-text(Advanced)').click()
    await page.waitForFunction(`!document.querySelector('li[data-concept="doji"]')`)
    await assertFitsPhone(page)
    await page.close()
  })

  it('a concept draws its worked example; the quiz scores answers and progress follows the API', async () => {
    const user = await h.newUser()
    const concept = JSON.parse((await user.api.get('/api/ta/learn/concepts/swing-points')).body) as Concept
    assert.ok(concept.example && concept.example.points.length > 0, 'the simulated market has an example')
    const page = await h.login(user, '/learn')
    await page.waitForSelector('li[data-concept="swing-points"] a')
    await page.click('li[data-concept="swing-points"] a')
    await page.waitForSelector('.chart[role=img] canvas')
    assert.equal(await text(page, 'h1'), concept.title)
    const rows = await page.$$eval('table.learn-points tbody tr', (trs) =>
      trs.map((tr) => tr.getAttribute('data-time')),
    )
    assert.deepEqual(
      rows,
      concept.example.points.map((p) => p.time),
    )
    assert.match(
      (await page.$eval('.chart[role=img]', (e) => e.getAttribute('aria-label'))) ?? '',
      /SPY daily candles/,
    )
    assert.deepEqual(await h.axe(page), [])
    await assertFitsPhone(page)

    // swing-points-1: c is right; swing-points-2: b is wrong (a is right); swing-points-3 left out.
    await page.click('input[name="swing-points-1"][value="c"]')
    await page.click('input[name="swing-points-2"][value="b"]')
    await page.locator('button::-p-text(Check answers)').click()
    await page.waitForSelector('[data-result="swing-points-2"]')
    assert.match(
      await text(page, '[data-result="swing-points-1"]'),
      /^Correct\. It needs the R = 2 bars after it/,
    )
    assert.match(
      await text(page, '[data-result="swing-points-2"]'),
      /^Incorrect: the answer is “The earlier one”\. The left side is strict/,
    )
    assert.equal(await page.$('[data-result="swing-points-3"]'), null)
    const api = JSON.parse((await user.api.get('/api/ta/learn/progress')).body) as Progress
    const mine = api.by_concept.find((c) => c.concept_id === 'swing-points')!
    assert.deepEqual([mine.questions_answered, mine.correct], [2, 1])
    await waitText(
      page,
      '[data-concept-progress]',
      `${mine.questions_answered} of ${mine.questions} questions answered, ${mine.correct} right`,
      'startsWith',
    )
    assert.deepEqual(await h.axe(page), [])

    await page.locator('a::-p-text(All concepts)').click()
    await page.waitForSelector('[data-completion="swing-points"]')
    await waitText(page, '[data-stat="Questions answered"]', `${api.questions_answered} of ${api.questions}`)
    assert.equal(await text(page, '[data-completion="swing-points"]'), '2 of 3 answered')
    await page.close()
  })

  it('an advanced concept on the free plan shows the API’s 402 message', async () => {
    const user = await h.newUser('free')
    const res = await user.api.get('/api/ta/learn/concepts/choch')
    assert.equal(res.statusCode, 402)
    const detail = (JSON.parse(res.body) as { detail: string }).detail
    const page = await h.login(user, '/learn/choch')
    const alert = await page.waitForSelector('[role=alert]')
    assert.equal((await alert!.evaluate((e) => e.textContent))?.trim(), detail)
    assert.ok(await page.$('a[href="/app/settings"]'), 'it points to the plan in Settings')
    assert.deepEqual(await h.axe(page), [])
    await page.goto(`${h.base}/app/learn`)
    await page.waitForSelector('li[data-concept="choch"] .badge.locked')
    await assertFitsPhone(page)
    await page.close()
  })
})
