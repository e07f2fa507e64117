/**
 * The console's agents area, what a person can trace: the threshold preview names the orders a limit
 * would have refused (when, what, its value, the client order id) and links each to the
 * agent's order log, which shows that order first with focus on it; an agent past the first page of
 * the agents list is named, not numbered; pressing Preview again asks again; the order log says
 * "Paper" once for a paper order; the status filters read in plain capitalised words.
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
import { createManualAccount } from '../../helpers/portfolio.ts'

const json = <T>(res: { body: string }) => JSON.parse(res.body) as T
const BC = '/api/bot-controls'

async function newAgent(user: ConsoleUser, name: string): Promise<number> {
  const res = await user.api.post(`${BC}/agents`, { name })
  assert.equal(res.statusCode, 201, res.body)
  return json<{ agent_id: number }>(res).agent_id
}

let seq = 0
/** A limit buy of AAPL; far below the quote, a paper order rests, sent and unfilled. */
async function placeLimit(user: ConsoleUser, agentId: number, account: number, qty: string, price: string) {
  const client_order_id = `trace-${++seq}`
  const res = await user.api.post(`${BC}/agents/${agentId}/orders`, {
    account_id: account,
    symbol: 'AAPL',
    side: 'buy',
    qty,
    type: 'limit',
    limit_price: price,
    time_in_force: 'day',
    client_order_id,
  })
  assert.equal(res.statusCode, 201, res.body)
  return json<{ order_id: number; status: string; broker: string | null; client_order_id: string }>(res)
}

/** Waits until the element's text matches (an expression read in the page, which has the DOM). */
const textMatches = (page: Page, selector: string, re: RegExp) =>
  page.waitForFunction(
    `${String(re)}.test(document.querySelector(${JSON.stringify(selector)})?.textContent ?? '')`,
  )

const NO_LIMITS = {
  max_orders_per_day: null,
  max_notional_per_day: null,
  max_order_notional: null,
  max_position_weight: null,
  max_open_positions: null,
  max_orders_per_minute: null,
}

describe('console: tracing agents and their orders', { skip: consoleSkipReason() }, () => {
  let h: ConsoleHarness
  before(async () => {
    h = await startConsole()
  })
  after(async () => {
    await h?.close()
  })

  it('names the blocked orders of an agent past the first page and links each to its order log', async () => {
    const user = await h.newUser('premium') // 26 agents: above the pro plan's cap of 20
    const account = await createManualAccount(user.api)
    const filler = await newAgent(user, 'Filler 1')
    for (let i = 2; i <= 25; i++) await newAgent(user, `Filler ${i}`)
    const far = await newAgent(user, 'Far bot') // the 26th: page 2 of the agents list
    const orders = [
      await placeLimit(user, far, account, '1', '1.00'),
      await placeLimit(user, far, account, '1', '2.00'),
      await placeLimit(user, far, account, '1', '3.00'),
    ]
    assert.ok(
      orders.every((o) => o.status === 'sent' && o.broker === 'paper'),
      JSON.stringify(orders),
    )
    // Set afterwards: one order a day, so the preview's replay blocks the second and the third.
    const limits = await user.api.put(`${BC}/agents/${far}/limits`, { ...NO_LIMITS, max_orders_per_day: 1 })
    assert.equal(limits.statusCode, 200, limits.body)

    const page = await h.login(user, '/agents/threshold')
    const previews: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/approval-threshold/preview')) previews.push(r.url())
    })
    await page.waitForSelector('input[name=proposed_threshold]')
    await page.$eval(
      'input[name=proposed_threshold]',
      (e) => ((e as unknown as { value: string }).value = ''),
    )
    await page.type('input[name=proposed_threshold]', '1000.00')
    await page.click('form:has(input[name=proposed_threshold]) button[type=submit]')
    const line = `li[data-limit="limit.max_orders_per_day"][data-agent="${far}"]`
    await page.waitForSelector(`${line} li[data-order="${orders[2]!.order_id}"] a`)
    await textMatches(page, `${line} [data-agent-name]`, /^Far bot$/)
    // Each order as the order log shows it: when, what, and the agent's own client order id.
    await textMatches(page, `${line} li[data-order="${orders[2]!.order_id}"]`, /trace-3/)
    const named = await page.$$eval(`${line} li[data-order]`, (items) =>
      items.map((i) => i.textContent ?? ''),
    )
    assert.equal(named.length, 2)
    for (const [i, text] of named.entries()) {
      assert.match(text, /: buy AAPL, \$[23]\.00 \(/)
      assert.match(text, new RegExp(`\\(trace-${3 - i}\\)$`)) // newest first
      assert.doesNotMatch(text, /#\d/, 'no bare order number')
    }
    assert.deepEqual(await h.axe(page), [], 'axe on the preview')

    // Pressing Preview again with the same inputs asks again: a new order above it now counts.
    assert.equal(previews.length, 1)
    assert.equal(await page.$eval('[data-count]', (e) => e.getAttribute('data-count')), '0')
    await placeLimit(user, filler, account, '2', '600.00') // 1200.00 > 1000.00
    await page.click('form:has(input[name=proposed_threshold]) button[type=submit]')
    await page.waitForSelector('[data-count="1"]')
    assert.equal(previews.length, 2)
    assert.match(await page.$eval('table.threshold-preview tbody', (e) => e.textContent ?? ''), /Filler 1/)

    // The link opens the agent's order log with that order first, focus on it.
    await page.click(`${line} li[data-order="${orders[1]!.order_id}"] a`)
    await page.waitForSelector(`[data-followed="${orders[1]!.order_id}"]`)
    await page.waitForFunction(
      `document.activeElement?.getAttribute('data-followed') === '${orders[1]!.order_id}'`,
    )
    assert.match(await page.$eval('[data-followed]', (e) => e.textContent ?? ''), /trace-2/)
    assert.equal(new URL(page.url()).pathname, `/app/agents/${far}`)
    await page.close()
  })

  it('shows a paper order once as "Paper" and the filters in plain words', async () => {
    const user = await h.newUser()
    const account = await createManualAccount(user.api)
    const id = await newAgent(user, 'Paper bot')
    const sent = await placeLimit(user, id, account, '1', '1.00')
    assert.deepEqual([sent.status, sent.broker], ['sent', 'paper'])

    const page = await h.login(user, `/agents/${id}`)
    const row = `table.agent-orders tr[data-order="${sent.order_id}"]`
    await page.waitForSelector(row)
    assert.equal(await page.$eval(`${row} td:nth-child(5)`, (e) => e.textContent), 'Paper')
    assert.equal(await page.$eval(`${row} td:nth-child(4)`, (e) => e.textContent), 'Sent')
    const options = () => page.$$eval('select[name=status] option', (o) => o.map((x) => x.textContent))
    assert.deepEqual(await options(), [
      'All',
      'Pending approval',
      'Sent',
      'Partly filled',
      'Filled',
      'Canceled',
      'Rejected',
      'Refused by the broker',
      'Expired',
    ])
    await assertFitsPhone(page)

    await page.goto(`${h.base}/app/agents/approvals`)
    await page.waitForSelector('select[name=status]')
    assert.deepEqual(await options(), ['All', 'Pending', 'Approved', 'Sent', 'Rejected', 'Expired'])
    await page.close()
  })
})
