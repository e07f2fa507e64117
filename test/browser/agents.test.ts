/**
 * The console's agents area in Chromium, against the real bot-controls API: an agent created from
 * the form is listed and stored with its defaults; its state switch halts it (stored, and its next
 * order refused as halted); the limits editor saves decimal strings exactly and shows the API's 422
 * under the field it names; an order held above the threshold (placed through the API) is approved
 * from the queue and leaves pending_approval; the agent's key is shown once, places orders, and stops
 * when rotated, and the order log and today's refusals show a halted agent's refused order; a threshold saved from the form is stored, and the
 * preview of a proposed threshold lists exactly the seeded orders that would wait — priced above it,
 * or from an agent whose key may only propose — says why each would wait, and names the one a limit
 * would have refused from the preview alone (agent name, no order read one by one). Every page passes
 * axe-core and fits a 390 px wide phone.
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
} from '../helpers/console.ts'
import { createManualAccount } from '../helpers/portfolio.ts'

const json = <T>(res: { body: string }) => JSON.parse(res.body) as T
const BC = '/api/bot-controls'

interface AgentView {
  agent_id: number
  name: string
  enabled: boolean
  trading_state: string
  mode: string
  strategy_label: string | null
}
interface OrderView {
  order_id: number
  status: string
  reject_reason: string | null
  priced_notional: string
  approval_id: number | null
}

async function checked(h: ConsoleHarness, page: Page): Promise<void> {
  assert.deepEqual(await h.axe(page), [], `axe on ${page.url()}`)
  await assertFitsPhone(page)
}

/** Replaces an uncontrolled input's text (the forms read their values on submit). */
async function fill(page: Page, selector: string, value: string): Promise<void> {
  await page.$eval(selector, (e) => ((e as unknown as { value: string }).value = ''))
  if (value) await page.type(selector, value)
}

/** What has keyboard focus, described (the tag, and its name, value or text). */
const focused = (page: Page) =>
  page.evaluate(`(() => {
    const e = document.activeElement
    if (!e || e === document.body) return 'body'
    return [e.tagName.toLowerCase(), e.getAttribute('aria-label'), e.name, e.value, e.textContent]
      .filter(Boolean)
      .join(' ')
  })()`) as Promise<string>

/** Waits until the element's text matches (an expression read in the page, which has the DOM). */
const textMatches = (page: Page, selector: string, re: RegExp) =>
  page.waitForFunction(
    `${String(re)}.test(document.querySelector(${JSON.stringify(selector)})?.textContent ?? '')`,
  )

/** An expression about the focused element, read in the page. */
const active = (page: Page, expr: string) => page.evaluate(`document.activeElement?.${expr}`)

/** Lets a save and the re-render after it finish, so focus lost on the way would show. */
const settle = (page: Page) => page.evaluate('new Promise((r) => setTimeout(r, 300))')

async function newAgent(user: ConsoleUser, name: string): Promise<number> {
  const res = await user.api.post(`${BC}/agents`, { name })
  assert.equal(res.statusCode, 201, res.body)
  return json<AgentView>(res).agent_id
}

let seq = 0
/** A limit order placed by the signed-in user for the agent (limit orders are priced at their limit). */
async function placeLimit(
  user: ConsoleUser,
  agentId: number,
  accountId: number,
  qty: string,
  price: string,
  headers?: Record<string, string>,
) {
  const res = await user.api.post(
    `${BC}/agents/${agentId}/orders`,
    {
      account_id: accountId,
      symbol: 'AAPL',
      side: 'buy',
      qty,
      type: 'limit',
      limit_price: price,
      time_in_force: 'day',
      client_order_id: `console-test-${++seq}`,
    },
    headers,
  )
  assert.equal(res.statusCode, 201, res.body)
  return json<OrderView>(res)
}

describe('console: agents', { skip: consoleSkipReason() }, () => {
  let h: ConsoleHarness
  before(async () => {
    h = await startConsole()
  })
  after(async () => {
    await h?.close()
  })

  it('creates an agent from the form and halts it with its state switch', async () => {
    const user = await h.newUser()
    const account = await createManualAccount(user.api)
    const page = await h.login(user, '/agents')
    await page.waitForSelector('::-p-text(No agent yet)')
    await checked(h, page)

    await page.type('input[name=name]', 'Momentum bot')
    await page.type('input[name=strategy_label]', '20-day breakout')
    await page.click('form button[type=submit]')
    await page.waitForSelector('[data-created]')
    const id = Number(await page.$eval('[data-created]', (e) => e.getAttribute('data-created')))
    const row = `tr[data-agent="${id}"]`
    await page.waitForSelector(`${row}[data-state=active]`)
    const stored = json<AgentView>(await user.api.get(`${BC}/agents/${id}`))
    assert.deepEqual(
      [stored.name, stored.strategy_label, stored.enabled, stored.trading_state, stored.mode],
      ['Momentum bot', '20-day breakout', true, 'active', 'paper'],
    )
    await checked(h, page)

    await page.click(`${row} input[type=radio][value=halted]`)
    await page.waitForSelector(`${row}[data-state=halted]`)
    assert.equal(json<AgentView>(await user.api.get(`${BC}/agents/${id}`)).trading_state, 'halted')
    const refused = await placeLimit(user, id, account, '1', '10.00')
    assert.deepEqual([refused.status, refused.reject_reason], ['rejected', 'state.halted'])

    // Back to active after a reload: the switch shows what is stored.
    await page.reload()
    await page.waitForSelector(`${row}[data-state=halted] input[value=halted]:checked`)
    await page.click(`${row} input[type=radio][value=active]`)
    await page.waitForSelector(`${row}[data-state=active]`)
    assert.equal(json<AgentView>(await user.api.get(`${BC}/agents/${id}`)).trading_state, 'active')
    await page.close()
  })

  it('saves limits as decimal strings and shows a refused one under its field', async () => {
    const user = await h.newUser()
    const id = await newAgent(user, 'Limits bot')
    const page = await h.login(user, `/agents/${id}`)
    await page.waitForSelector('input[name=max_order_notional]')
    await checked(h, page)

    await fill(page, 'input[name=max_order_notional]', '2500.10')
    await fill(page, 'input[name=max_orders_per_day]', '3')
    await fill(page, 'input[name=max_position_weight]', '1.5')
    await page.click('form.limits-form button[type=submit]')
    await page.waitForSelector('.field.invalid input[name=max_position_weight]')
    const before = json<Record<string, unknown>>(await user.api.get(`${BC}/agents/${id}/limits`))
    assert.equal(before['max_order_notional'], null, 'a refused PUT saves nothing')

    await fill(page, 'input[name=max_position_weight]', '0.25')
    await page.click('form.limits-form button[type=submit]')
    await page.waitForSelector('[data-saved=yes]')
    const saved = json<Record<string, unknown>>(await user.api.get(`${BC}/agents/${id}/limits`))
    assert.deepEqual(
      [saved['max_order_notional'], saved['max_orders_per_day'], saved['max_position_weight']],
      ['2500.10', 3, '0.25'],
    )
    assert.equal(saved['max_notional_per_day'], null, 'a blank field is no limit')
    await page.reload()
    await page.waitForSelector('input[name=max_order_notional]')
    assert.equal(await page.$eval('input[name=max_order_notional]', (i) => i.value), '2500.10')
    await checked(h, page)
    await page.close()
  })

  it('approves an order held above the threshold from the queue', async () => {
    const user = await h.newUser()
    const account = await createManualAccount(user.api)
    const id = await newAgent(user, 'Approvals bot')
    const set = await user.api.put(`${BC}/approval-threshold`, { threshold: '100.00' })
    assert.equal(set.statusCode, 200, set.body)
    const held = await placeLimit(user, id, account, '2', '75.00') // 150.00 > 100.00
    assert.equal(held.status, 'pending_approval', JSON.stringify(held))
    assert.ok(held.approval_id)

    const page = await h.login(user, '/agents/approvals')
    const row = `tr[data-approval="${held.approval_id}"]`
    await page.waitForSelector(`${row}[data-status=pending] [data-seconds-left]`)
    const left = Number(
      await page.$eval(`${row} [data-seconds-left]`, (e) => e.getAttribute('data-seconds-left')),
    )
    assert.ok(left > 13 * 60 && left <= 15 * 60, `expires in 15 minutes: ${left}s`)
    await checked(h, page)

    await page.click(`${row} button::-p-text(Approve)`)
    await page.waitForSelector('[data-outcome=done]')
    await page.waitForSelector('::-p-text(Nothing is waiting for your approval)')
    const order = json<OrderView>(await user.api.get(`${BC}/orders/${held.order_id}`))
    assert.notEqual(order.status, 'pending_approval')
    assert.ok(['sent', 'filled', 'partially_filled'].includes(order.status), order.status)
    const approvals = json<{ items: { approval_id: number; status: string; decided_by: number | null }[] }>(
      await user.api.get(`${BC}/approvals`),
    )
    const decided = approvals.items.find((a) => a.approval_id === held.approval_id)
    assert.ok(decided && ['approved', 'sent'].includes(decided.status), JSON.stringify(decided))
    assert.ok(decided.decided_by)
    await page.close()
  })

  it("issues the agent's key once, rotates it, and shows the order log and today's refusals", async () => {
    const user = await h.newUser()
    const account = await createManualAccount(user.api)
    const id = await newAgent(user, 'Key bot')
    const page = await h.login(user, `/agents/${id}`)
    await page.waitForSelector('::-p-text(No credential yet)')
    await page.click('button::-p-text(Issue a key)')
    await page.waitForSelector('[data-agent-key]')
    const first = await page.$eval('[data-agent-key]', (e) => e.textContent ?? '')
    assert.match(first, /^sxa_/)
    await checked(h, page)

    // The key shown is the agent's: its order is recorded as coming over REST.
    const byKey = (key: string, cid: string) =>
      h.t.app.inject({
        method: 'POST',
        url: `${BC}/agents/${id}/orders`,
        headers: { authorization: `Bearer ${key}` },
        payload: {
          account_id: account,
          symbol: 'MSFT',
          side: 'buy',
          qty: '1',
          type: 'limit',
          limit_price: '20.00',
          time_in_force: 'day',
          client_order_id: cid,
        },
      })
    const placed = await byKey(first, 'by-key-1')
    assert.equal(placed.statusCode, 201, placed.body)

    // Rotating asks first; the new key is shown once and the old one stops at once.
    await page.click('button::-p-text(Rotate the key)')
    await page.click('button::-p-text(Yes, rotate the key)')
    await page.waitForFunction(
      `(document.querySelector('[data-agent-key]')?.textContent ?? '${first}') !== '${first}'`,
    )
    const second = await page.$eval('[data-agent-key]', (e) => e.textContent ?? '')
    assert.match(second, /^sxa_/)
    assert.equal((await byKey(first, 'by-key-2')).statusCode, 401, 'the rotated key is refused')
    assert.equal((await byKey(second, 'by-key-3')).statusCode, 201)
    await page.reload()
    await page.waitForSelector('[data-agent-key-prefix]')
    assert.equal(await page.$('[data-agent-key]'), null, 'the key is not shown again')
    assert.ok(second.startsWith(await page.$eval('[data-agent-key-prefix]', (e) => e.textContent ?? '')))

    // Halted, its next order is refused: the log and today's refusals say why.
    const halt = await user.api.patch(`${BC}/agents/${id}`, { trading_state: 'halted' })
    assert.equal(halt.statusCode, 200, halt.body)
    const refused = json<OrderView>(await byKey(second, 'by-key-4'))
    assert.equal(refused.reject_reason, 'state.halted')
    await page.reload()
    await page.waitForSelector(`tr[data-order="${refused.order_id}"][data-status=rejected]`)
    assert.match(
      await page.$eval(`tr[data-order="${refused.order_id}"]`, (e) => e.textContent ?? ''),
      /state\.halted/,
    )
    assert.equal(await page.$$eval('table.agent-orders tr[data-order]', (rows) => rows.length), 3)
    await page.waitForSelector('tr[data-reason="state.halted"]')
    assert.equal(await page.$eval('tr[data-reason="state.halted"] td.num', (e) => e.textContent), '1')
    assert.equal(await page.$eval('[data-stat="Orders"]', (e) => e.textContent), '2')
    await checked(h, page)
    await page.close()
  })

  it('saves the tenant threshold and previews a proposed one against the recent orders', async () => {
    const user = await h.newUser()
    const account = await createManualAccount(user.api)
    const id = await newAgent(user, 'Preview bot')
    // No threshold yet: every order is sent. Values 50.00, 1000.00 (exactly at), 1000.01, 2400.00.
    const orders = [
      await placeLimit(user, id, account, '1', '50.00'),
      await placeLimit(user, id, account, '4', '250.00'),
      await placeLimit(user, id, account, '1', '1000.01'),
      await placeLimit(user, id, account, '3', '800.00'),
    ]
    assert.ok(orders.every((o) => o.status !== 'rejected' && o.status !== 'pending_approval'))
    // Whole cents from the two-decimal strings: exact, no float.
    const cents = (v: string) => BigInt(v.replace('.', ''))
    const above = orders.filter((o) => cents(o.priced_notional) > 100000n).map((o) => o.order_id)
    assert.equal(above.length, 2)

    // A limit set afterwards: the preview replays the orders against it (2400.00 > 2000.00).
    const limits = await user.api.put(`${BC}/agents/${id}/limits`, {
      max_orders_per_day: null,
      max_notional_per_day: null,
      max_order_notional: '2000.00',
      max_position_weight: null,
      max_open_positions: null,
      max_orders_per_minute: null,
    })
    assert.equal(limits.statusCode, 200, limits.body)
    // An agent whose key may only propose (the default scopes): its 50.00 order waits all the same.
    const proposer = await newAgent(user, 'Proposer bot')
    const issued = await user.api.post(`${BC}/agents/${proposer}/credentials`, {})
    assert.equal(issued.statusCode, 201, issued.body)
    const keyed = { authorization: `Bearer ${json<{ key: string }>(issued).key}` }
    const proposed = await placeLimit(user, proposer, account, '1', '50.00', keyed)
    assert.equal(proposed.status, 'pending_approval')

    const page = await h.login(user, '/agents/threshold')
    await page.waitForSelector('input[name=threshold]')
    await checked(h, page)
    await fill(page, 'input[name=threshold]', '1000.00')
    await page.click('form:has(input[name=threshold]) button[type=submit]')
    await page.waitForSelector('[data-saved=yes]')
    const stored = json<{ threshold: string | null }>(await user.api.get(`${BC}/approval-threshold`))
    assert.equal(stored.threshold, '1000.00')

    // From here on the preview alone names everything: no order or agent is read one by one.
    const reads: string[] = []
    page.on('request', (r) => {
      if (/\/api\/bot-controls\/(orders|agents)\//.test(new URL(r.url()).pathname)) reads.push(r.url())
    })
    await fill(page, 'input[name=proposed_threshold]', '1000.00')
    await page.click('form:has(input[name=proposed_threshold]) button[type=submit]')
    await page.waitForSelector('[data-preview] [data-count]')
    // Each row as "order:why" (the column's data attribute), compared as sets.
    const listed = await page.$$eval('table.threshold-preview tr[data-order]', (rows) =>
      rows.map(
        (r) =>
          `${r.getAttribute('data-order')}:${r.querySelector('[data-held-because]')?.getAttribute('data-held-because')}`,
      ),
    )
    assert.deepEqual(
      listed.sort(),
      [...above.map((o) => `${o}:threshold`), `${proposed.order_id}:no_execute_scope`].sort(),
    )
    assert.equal(await page.$eval('[data-count]', (e) => e.getAttribute('data-count')), '3')
    assert.match(await page.$eval('[data-preview]', (e) => e.textContent ?? ''), /3,450\.01/)
    // Why each waits, in plain words: the column, and the summary for the ones any threshold holds.
    const why = (order: number) =>
      page.$eval(`tr[data-order="${order}"] [data-held-because]`, (e) => e.textContent ?? '')
    assert.equal(await why(above[0]!), 'Worth more than the threshold')
    assert.match(await why(proposed.order_id), /may only propose orders, so every order waits/)
    assert.match(
      await page.$eval('[data-no-execute]', (e) => e.textContent ?? ''),
      /^1 of them would wait whatever the threshold/,
    )
    assert.match(
      await page.$eval(`tr[data-order="${proposed.order_id}"]`, (e) => e.textContent ?? ''),
      /Proposer bot/,
    )
    // The refused order is named from the preview: its agent, when, what, its value, its client order id.
    const blocked = `li[data-limit="limit.max_order_notional"] li[data-order="${orders[3]!.order_id}"]`
    await textMatches(page, blocked, /\(console-test-\d+\)$/)
    assert.match(
      await page.$eval('li[data-limit="limit.max_order_notional"]', (e) => e.textContent ?? ''),
      /^Preview bot: .*would have refused this order:/,
    )
    assert.match(await page.$eval(blocked, (e) => e.textContent ?? ''), /: buy AAPL, \$2,400\.00 \(/)
    assert.deepEqual(reads, [], 'no order or agent read one by one')
    await checked(h, page)
    await page.close()
  })

  it('keeps keyboard focus on the control just used, through the save and after', async () => {
    const user = await h.newUser()
    const id = await newAgent(user, 'Focus bot')
    const page = await h.login(user, `/agents/${id}`)
    const controls = `.agent-controls[data-agent="${id}"]`
    await page.waitForSelector(`${controls} input[value=active]:checked`)

    // Arrow keys move along the state radios; each one is saved, and focus stays on it.
    await page.focus(`${controls} input[value=active]`)
    await page.keyboard.press('ArrowRight')
    await page.waitForSelector(`${controls}[data-state=reducing]`)
    await settle(page)
    assert.equal(json<AgentView>(await user.api.get(`${BC}/agents/${id}`)).trading_state, 'reducing')
    assert.equal(await active(page, 'value'), 'reducing', `focus after the save: ${await focused(page)}`)

    // Space on the Enabled switch.
    await page.focus(`${controls} input[role=switch]`)
    await page.keyboard.press('Space')
    await page.waitForSelector(`${controls} input[role=switch]:not(:checked)`)
    await settle(page)
    assert.equal(json<AgentView>(await user.api.get(`${BC}/agents/${id}`)).enabled, false)
    assert.equal(
      await active(page, "getAttribute('role')"),
      'switch',
      `focus after the save: ${await focused(page)}`,
    )

    // Archive asks first with focus on Cancel; Cancel returns focus to the button.
    await page.focus('button::-p-text(Archive the agent)')
    await page.keyboard.press('Enter')
    await page.waitForSelector('button::-p-text(Yes, archive it)')
    assert.match(await focused(page), /^button Cancel/)
    await page.keyboard.press('Enter')
    await page.waitForSelector('button::-p-text(Archive the agent)')
    assert.match(await focused(page), /Archive the agent/)
    await page.close()
  })

  it('shows one plain message under each refused field, and clears it when the field is edited', async () => {
    const user = await h.newUser()
    const id = await newAgent(user, 'Errors bot')
    const page = await h.login(user, `/agents/${id}`)
    await page.waitForSelector('input[name=max_order_notional]')

    await fill(page, 'input[name=max_order_notional]', '12.345')
    await fill(page, 'input[name=max_orders_per_day]', '1.5')
    await page.click('form.limits-form button[type=submit]')
    await page.waitForSelector('.field.invalid input[name=max_order_notional]')
    const messages = () =>
      page.$$eval('form.limits-form .field', (fields) =>
        fields.flatMap((f) => {
          const name = f.querySelector('input')?.name ?? ''
          return [...f.querySelectorAll('.field-error')].map((e) => `${name}: ${e.textContent ?? ''}`)
        }),
      )
    assert.deepEqual((await messages()).sort(), [
      'max_order_notional: Enter an amount of 0 or more, with at most 2 decimals',
      'max_orders_per_day: Enter a whole number of 0 or more',
    ])
    assert.equal(await page.$('form.limits-form .problem'), null, 'no box repeating the fields’ messages')
    assert.equal(await page.$$eval('form.limits-form [role=alert]', (a) => a.length), 2)

    // Editing a field clears its message; the other stays until it is fixed too.
    await page.type('input[name=max_orders_per_day]', '0')
    await page.waitForFunction("!document.querySelector('.field.invalid input[name=max_orders_per_day]')")
    assert.deepEqual(await messages(), [
      'max_order_notional: Enter an amount of 0 or more, with at most 2 decimals',
    ])

    // A blank name: one message, under the field.
    await page.goto(`${h.base}/app/agents`)
    await page.waitForSelector('input[name=name]')
    await page.type('input[name=name]', '   ')
    await page.click('form button[type=submit]')
    await page.waitForSelector('.field.invalid input[name=name]')
    assert.deepEqual(
      await page.$$eval('form .field-error, form ~ .problem', (e) => e.map((x) => x.textContent)),
      ['Enter a name'],
    )
    await page.close()
  })

  it('keeps the approval actions in reach on a phone and focus in the queue as rows leave', async () => {
    const user = await h.newUser()
    const account = await createManualAccount(user.api)
    const id = await newAgent(user, 'Queue bot')
    const set = await user.api.put(`${BC}/approval-threshold`, { threshold: '100.00' })
    assert.equal(set.statusCode, 200, set.body)
    const first = await placeLimit(user, id, account, '2', '75.00')
    const second = await placeLimit(user, id, account, '3', '75.00')
    assert.equal(first.status, 'pending_approval')
    assert.equal(second.status, 'pending_approval')

    const page = await h.login(user, '/agents/approvals')
    await page.setViewport({ width: 390, height: 844 })
    const row = (a: OrderView) => `tr[data-approval="${a.approval_id}"]`
    await page.waitForSelector(`${row(first)} button::-p-text(Approve)`)
    for (const label of ['Approve', 'Reject…']) {
      const box = await page.$eval(`${row(first)} button::-p-text(${label})`, (b) => {
        const r = b.getBoundingClientRect()
        return { left: r.left, right: r.right }
      })
      assert.ok(box.left >= 0 && box.right <= 390, `${label} at ${box.left}–${box.right}px of 390`)
    }
    assert.equal(
      await page.$eval('.table-wrap', (w) => w.scrollWidth <= w.clientWidth),
      true,
      'the table does not scroll sideways',
    )
    assert.deepEqual(await h.axe(page), [], 'axe on the phone layout')

    // Reject… opens the note with focus in it; Escape backs out to Reject…
    await page.focus(`${row(first)} button::-p-text(Reject…)`)
    await page.keyboard.press('Enter')
    await page.waitForSelector(`${row(first)} input[name=note]`)
    assert.equal(await active(page, 'name'), 'note')
    await page.keyboard.press('Escape')
    await page.waitForSelector(`${row(first)} button::-p-text(Reject…)`)
    assert.match(await focused(page), /^button Reject /)

    // Enter in the note rejects; the row leaves and focus lands on the line saying what happened.
    await page.keyboard.press('Enter')
    await page.waitForSelector(`${row(first)} input[name=note]`)
    await page.keyboard.type('too big')
    await page.keyboard.press('Enter')
    await page.waitForFunction(`!document.querySelector('${row(first)}')`)
    await settle(page)
    assert.equal(
      await active(page, "getAttribute('data-outcome')"),
      'done',
      `focus after the row left: ${await focused(page)}`,
    )
    const rejected = json<OrderView>(await user.api.get(`${BC}/orders/${first.order_id}`))
    assert.equal(rejected.status, 'rejected')

    // Enter on Approve: focus stays in the page, on the outcome, when the row goes.
    await page.focus(`${row(second)} button::-p-text(Approve)`)
    await page.keyboard.press('Enter')
    await page.waitForSelector('::-p-text(Nothing is waiting for your approval)')
    await settle(page)
    assert.equal(await active(page, "getAttribute('data-outcome')"), 'done')

    // A new filter is a new list: the last decision's line goes.
    await page.select('select[name=status]', 'rejected')
    await page.waitForSelector(`${row(first)}[data-status=rejected]`)
    assert.equal(await page.$('[data-outcome]'), null)
    await page.close()
  })
})
