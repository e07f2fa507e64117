/**
 * The caller's moderation record in Chromium: a post the guard blocks becomes an action shown with
 * its statement of reasons and the date it can be appealed until; the appeal form sends the appeal,
 * which then shows as under review; a reviewer's decision and stated reason show once made. Every
 * state passes axe-core and fits a 390 px wide phone.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import {
  assertFitsPhone,
  type ConsoleHarness,
  consoleSkipReason,
  startConsole,
} from '../../helpers/console.ts'
import { json, text } from './engagement-helpers.ts'

/** Content the rules block: a guaranteed-return pump with an off-platform contact. */
const PUMP =
  'GUARANTEED 300% returns in one week! Buy $ZZZQ now before it moons, we pump it together at 3pm. DM me on Telegram @pumpking for the signal.'

interface Actions {
  items: {
    action_id: number
    reasons: { category: string; rule: string; excerpt: string }[]
    appealable_until: string
  }[]
}
interface Appeals {
  items: {
    appeal_id: number
    action_id: number
    status: string
    reason: string
    reviewer_reason: string | null
  }[]
}

describe('console: moderation', { skip: consoleSkipReason() }, () => {
  let h: ConsoleHarness
  before(async () => {
    h = await startConsole()
  })
  after(async () => {
    await h?.close()
  })

  it('shows an action with its reasons, sends an appeal, and shows the decision', async () => {
    const user = await h.newUser()
    const page = await h.login(user, '/support/moderation')
    await page.waitForSelector('::-p-text(Nothing you posted was held back)')
    await page.waitForSelector('::-p-text(No appeals.)')
    assert.deepEqual(await h.axe(page), [])

    const verdict = json<{ verdict: string; action_id: number | null }>(
      await user.api.post('/api/moderation/guard', { content: PUMP, context: { surface: 'community_post' } }),
    )
    assert.equal(verdict.verdict, 'block')
    assert.ok(verdict.action_id)
    const actions = json<Actions>(await user.api.get('/api/moderation/actions'))
    const action = actions.items.find((a) => a.action_id === verdict.action_id)!

    await page.reload()
    const sel = `li[data-action="${action.action_id}"]`
    await page.waitForSelector(sel)
    const shown = await text(page, sel)
    assert.ok(action.reasons.length > 0)
    for (const r of action.reasons) {
      const item = `${sel} li[data-rule="${r.rule}"][data-category="${r.category}"]`
      assert.ok(await page.$(item), `the reason ${r.rule} is stated`)
      assert.ok(
        (await text(page, item)).includes(r.excerpt.replace(/\s+/g, ' ').trim()),
        `its excerpt is quoted`,
      )
    }
    assert.match(shown, /You can appeal until/)
    assert.deepEqual(await h.axe(page), [])
    await assertFitsPhone(page)

    // The appeal.
    await page.type(`${sel} textarea[name=reason]`, 'I was quoting a scam message to warn others about it.')
    await page.click(`${sel} button[type=submit]`)
    await page.waitForSelector(`${sel} [data-appeal-status=open]`)
    const appeals = json<Appeals>(await user.api.get('/api/moderation/appeals'))
    assert.equal(appeals.items.length, 1)
    const appeal = appeals.items[0]!
    assert.equal(appeal.action_id, action.action_id)
    assert.equal(appeal.reason, 'I was quoting a scam message to warn others about it.')
    await page.waitForSelector(`li[data-appeal="${appeal.appeal_id}"][data-status=open]`)
    assert.equal(await page.$(`${sel} textarea`), null, 'one open appeal per action: no second form')

    // A reviewer reverses it with a stated reason: the page shows the decision and the reason.
    const admin = await h.t.newUser(user.api.tenantId, { role: 'admin' })
    const decided = await admin.post(`/api/admin/moderation/appeals/${appeal.appeal_id}/decide`, {
      decision: 'reverse',
      reason: 'Quoted to warn others, not to promote.',
    })
    assert.ok(decided.statusCode < 300, decided.body)
    await page.reload()
    await page.waitForSelector(`li[data-appeal="${appeal.appeal_id}"][data-status=reversed]`)
    assert.match(
      await text(page, `li[data-appeal="${appeal.appeal_id}"]`),
      /Reviewer: Quoted to warn others, not to promote\./,
    )
    assert.deepEqual(await h.axe(page), [])
    await assertFitsPhone(page)
    await page.close()
  })
})
