/**
 * The console's agent orders as a demanding user reads them: a limit price shows every decimal the
 * agent sent (150.123456, not 150.12) in the order log and in the approval queue, where a held order
 * in the log links to; the order log's pager keeps keyboard focus on reaching its last page and
 * ignores presses past either end; on a 375 px phone the order log, today's refusals, the account
 * overrides and the threshold preview show each row as a card, nothing hidden in a table scrolled
 * sideways.
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

const BC = '/api/bot-controls'
const PAGE_SIZE = 25

interface Placed {
  status: string
  approval_id: number | null
}

async function newAgent(user: ConsoleUser, name: string): Promise<number> {
  const res = await user.api.post(`${BC}/agents`, { name })
  assert.equal(res.statusCode, 201, res.body)
  return (JSON.parse(res.body) as { agent_id: number }).agent_id
}

let seq = 0
async function placeLimit(user: ConsoleUser, agent: number, account: number, price: string) {
  const res = await user.api.post(`${BC}/agents/${agent}/orders`, {
    account_id: account,
    symbol: 'AAPL',
    side: 'buy',
    qty: '1',
    type: 'limit',
    limit_price: price,
    time_in_force: 'day',
    client_order_id: `orders-test-${++seq}`,
  })
  assert.equal(res.statusCode, 201, res.body)
  return JSON.parse(res.body) as Placed
}

const text = (page: Page, selector: string) => page.$eval(selector, (e) => e.textContent ?? '')

/** The tables on the page whose scroll box is wider than what shows (a row read by scrolling sideways). */
const scrolledTables = (page: Page) =>
  page.$$eval('.table-wrap', (wraps) =>
    wraps
      .filter((w) => w.scrollWidth > w.clientWidth + 1)
      .map((w) => `${w.querySelector('table')?.className ?? '?'} ${w.scrollWidth}>${w.clientWidth}`),
  )

describe('console: an agent’s orders', { skip: consoleSkipReason() }, () => {
  let h: ConsoleHarness
  before(async () => {
    h = await startConsole()
  })
  after(async () => {
    await h?.close()
  })

  it('shows a limit price with every decimal, in the log and the approval queue', async () => {
    const user = await h.newUser()
    const account = await createManualAccount(user.api)
    const id = await newAgent(user, 'Precise bot')
    const set = await user.api.put(`${BC}/approval-threshold`, { threshold: '100.00' })
    assert.equal(set.statusCode, 200, set.body)
    const held = await placeLimit(user, id, account, '150.123456')
    assert.equal(held.status, 'pending_approval')

    const page = await h.login(user, `/agents/${id}`)
    await page.waitForSelector('table.agent-orders tr[data-order]')
    assert.match(await text(page, 'table.agent-orders tr[data-order]'), /limit \$150\.123456/)
    // A held order points to where it is decided, rather than a dash.
    await page.click('table.agent-orders tr[data-order] [data-to-approvals]')

    const row = `tr[data-approval="${held.approval_id}"]`
    await page.waitForSelector(row)
    const shown = await text(page, row)
    assert.match(shown, /buy 1 AAPL, limit \$150\.123456/)
    assert.match(shown, /its limit, \$150\.123456/)
    await page.close()
  })

  it('keeps keyboard focus on the pager at the last page of the order log', async () => {
    const user = await h.newUser()
    const account = await createManualAccount(user.api)
    const id = await newAgent(user, 'Busy bot')
    for (let i = 0; i <= PAGE_SIZE; i++) await placeLimit(user, id, account, '10.00')

    const page = await h.login(user, `/agents/${id}`)
    const next = 'nav.pager button:last-of-type'
    await page.waitForSelector(next)
    await page.focus(next)
    await page.keyboard.press('Enter')
    await page.waitForFunction(`/Page 2 of 2/.test(document.querySelector('nav.pager').textContent)`)
    assert.equal(await page.$$eval('table.agent-orders tr[data-order]', (r) => r.length), 1)
    await page.evaluate('new Promise((r) => setTimeout(r, 300))')
    assert.equal(await page.evaluate('document.activeElement?.textContent'), 'Next', 'focus stays on Next')
    assert.equal(await page.$eval(next, (e) => e.getAttribute('aria-disabled')), 'true')
    // Past the end, a press changes nothing.
    await page.keyboard.press('Enter')
    await page.evaluate('new Promise((r) => setTimeout(r, 300))')
    assert.match(await text(page, 'nav.pager'), /Page 2 of 2/)
    await page.close()
  })

  it('shows the order log, the refusals, the overrides and the preview as cards on a 375 px phone', async () => {
    const user = await h.newUser()
    const account = await createManualAccount(user.api, 'Family trust brokerage')
    const id = await newAgent(user, 'Pocket bot')
    const limits = await user.api.put(`${BC}/agents/${id}/limits`, {
      max_orders_per_day: null,
      max_orders_per_minute: null,
      max_order_notional: '500.00',
      max_notional_per_day: null,
      max_open_positions: null,
      max_position_weight: null,
    })
    assert.equal(limits.statusCode, 200, limits.body)
    await placeLimit(user, id, account, '150.25')
    assert.equal((await placeLimit(user, id, account, '900.00')).status, 'rejected')

    const page = await h.login(user, `/agents/${id}`)
    await page.setViewport({ width: 375, height: 800 })
    await page.waitForSelector('table.agent-orders tr[data-order]')
    await page.waitForSelector('table.agent-rejections tr[data-reason]')
    assert.deepEqual(await scrolledTables(page), [], 'the agent page')
    // Each cell says what it is, the column headers being hidden on a phone.
    assert.match(
      (await page.evaluate(
        `getComputedStyle(document.querySelector('table.agent-orders td.num'), '::before').content`,
      )) as string,
      /Value/,
    )

    const override = await user.api.put(`${BC}/approval-threshold/account-override`, {
      account_id: account,
      threshold: '120.75', // below the 150.25 order: the preview still lists it
    })
    assert.equal(override.statusCode, 200, override.body)
    await page.goto(`${h.base}/app/agents/threshold`)
    await page.waitForSelector('table.threshold-overrides tr[data-account]')
    await page.type('input[name=proposed_threshold]', '100')
    await page.click('form:has(input[name=proposed_threshold]) button[type=submit]')
    await page.waitForSelector('table.threshold-preview tr[data-order]')
    assert.deepEqual(await scrolledTables(page), [], 'the threshold page')
    await page.close()
  })
})
