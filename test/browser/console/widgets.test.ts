/**
 * The dashboard laid out by the widget-visibility API, in Chromium: the cards are the API's visible
 * widgets in its order; hiding one in Customize survives a reload and the API says so; collapsing
 * persists; moving changes the order to the API's; reset brings the defaults back; a widget disabled
 * by the administrator or above the plan is not shown and Customize says why. axe finds nothing
 * serious and a 390 px phone does not scroll sideways.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Page } from 'puppeteer-core'
import {
  type ConsoleHarness,
  consoleSkipReason,
  type ConsoleUser,
  overflowing,
  scrollWidth,
  startConsole,
} from '../../helpers/console.ts'
import type { Client } from '../../helpers/test-app.ts'
import { seedPortfolio } from './dashboard.fixtures.ts'

type Row = {
  widget_id: string
  title: string
  visible: boolean
  collapsed: boolean
  position: number
} & Record<string, unknown>

async function apiRows(u: Client): Promise<Row[]> {
  const res = await u.get('/api/widgets/visibility')
  assert.equal(res.statusCode, 200, res.body)
  return (JSON.parse(res.body) as { items: Row[] }).items
}
const apiVisible = async (u: Client) => (await apiRows(u)).filter((r) => r.visible).map((r) => r.widget_id)
const apiRow = async (u: Client, id: string) => (await apiRows(u)).find((r) => r.widget_id === id)!

/** The widget cards on the page, in order. */
const cards = (page: Page) =>
  page.$$eval('.dash-widgets > section[data-widget]', (s) => s.map((e) => e.getAttribute('data-widget')!))

const settled = (page: Page) =>
  page.waitForFunction("document.querySelector('.loading') === null && document.querySelector('h1') !== null")

/** Waits until the cards on the page are `want`, in that order. */
const cardsAre = (page: Page, want: string[]) =>
  page.waitForFunction(
    `JSON.stringify([...document.querySelectorAll('.dash-widgets > section[data-widget]')]` +
      `.map((e) => e.getAttribute('data-widget'))) === ${JSON.stringify(JSON.stringify(want))}`,
  )

async function openCustomize(page: Page): Promise<void> {
  await page.click('button[aria-controls="dash-customize"]')
  await page.waitForSelector('#dash-customize ol[aria-label="Dashboard widgets"]')
}

describe('console: dashboard widgets', { skip: consoleSkipReason() }, () => {
  let h: ConsoleHarness
  let user: ConsoleUser
  before(async () => {
    h = await startConsole()
    user = await h.newUser()
    await seedPortfolio(user.api)
  })
  after(async () => {
    assert.deepEqual(h?.problems ?? [], [])
    await h?.close()
  })

  async function dashboard(who = user): Promise<Page> {
    const page = await h.login(who, '/')
    await page.waitForSelector('.dash-widgets')
    await settled(page)
    return page
  }

  it('shows the visible widgets in the API’s order; hiding one survives a reload and the API has it', async () => {
    const page = await dashboard()
    const visible = await apiVisible(user.api)
    assert.ok(!visible.includes('drawdown'), 'hidden by default')
    assert.deepEqual(await cards(page), visible)

    await openCustomize(page)
    const toggle = '#dash-customize button[aria-label="Show By sector"]'
    assert.equal(await page.$eval(toggle, (b) => b.getAttribute('aria-pressed')), 'true')
    await page.click(toggle)
    await cardsAre(
      page,
      visible.filter((id) => id !== 'allocation_sector'),
    )
    const row = await apiRow(user.api, 'allocation_sector')
    assert.deepEqual([row.visible, row.source], [false, 'user'])

    await page.reload({ waitUntil: 'load' })
    await page.waitForSelector('.dash-widgets')
    await settled(page)
    assert.deepEqual(await cards(page), await apiVisible(user.api))
    assert.equal(await page.$('section[data-widget="allocation_sector"]'), null)
    await openCustomize(page)
    assert.equal(await page.$eval(toggle, (b) => b.getAttribute('aria-pressed')), 'false')
    // Shown again from Customize.
    await page.click(toggle)
    await page.waitForSelector('section[data-widget="allocation_sector"]')
    assert.equal((await apiRow(user.api, 'allocation_sector')).visible, true)
    await page.close()
  })

  it('collapses a card and keeps it collapsed after a reload; reset expands it again', async () => {
    const page = await dashboard()
    const button = 'section[data-widget="value_chart"] button[aria-controls="widget-body-value_chart"]'
    assert.equal(await page.$eval(button, (b) => b.getAttribute('aria-expanded')), 'true')
    await page.click(button)
    await page.waitForSelector(`${button}[aria-expanded="false"]`)
    assert.equal((await apiRow(user.api, 'value_chart')).collapsed, true)
    await page.reload({ waitUntil: 'load' })
    await page.waitForSelector(`${button}[aria-expanded="false"]`)
    assert.equal(
      await page.$('[aria-label="Chart range"]'),
      null,
      'a collapsed card shows only its title bar',
    )
    assert.equal(await page.$eval('#widget-body-value_chart', (d) => d.hasAttribute('hidden')), true)

    await page.click('section[data-widget="value_chart"] button[aria-label="Reset Value and P&L"]')
    await page.waitForSelector(`${button}[aria-expanded="true"]`)
    const row = await apiRow(user.api, 'value_chart')
    assert.deepEqual([row.collapsed, row.source], [false, 'default'])
    await page.waitForSelector('[aria-label="Chart range"]')
    await page.close()
  })

  it('moves a widget up and down: the cards and the Customize list follow the API’s order', async () => {
    const page = await dashboard()
    await openCustomize(page)
    const before = await apiRows(user.api)
    const symbol = before.find((r) => r.widget_id === 'allocation_symbol')!
    await page.click('#dash-customize button[aria-label="Move By symbol up"]')
    await page.waitForFunction(
      `document.querySelectorAll('#dash-customize li')[${symbol.position - 1}]?.getAttribute('data-widget') === 'allocation_symbol'`,
    )
    const after = await apiRows(user.api)
    assert.equal(after.find((r) => r.widget_id === 'allocation_symbol')!.position, symbol.position - 1)
    assert.deepEqual(
      after.map((r) => r.position),
      after.map((_, i) => i),
    )
    await cardsAre(page, await apiVisible(user.api))
    const listed = await page.$$eval('#dash-customize li', (li) =>
      li.map((e) => e.getAttribute('data-widget')),
    )
    assert.deepEqual(
      listed,
      after.map((r) => r.widget_id),
    )
    const first = after[0]!
    assert.equal(
      await page.$eval(`#dash-customize button[aria-label="Move ${first.title} up"]`, (b) =>
        b.hasAttribute('disabled'),
      ),
      true,
    )
    await page.click('#dash-customize button[aria-label="Move By symbol down"]')
    await cardsAre(
      page,
      before.filter((r) => r.visible).map((r) => r.widget_id),
    )
    await page.close()
  })

  it('leaves out a widget the administrator disabled or the plan lacks, and says why in Customize', async () => {
    const admin = await h.t.newUser(user.api.tenantId, { role: 'admin' })
    const set = await admin.put('/api/admin/widgets/policy/headline', {
      enabled: false,
      note: 'Figures move to the report',
    })
    assert.equal(set.statusCode, 200, set.body)
    try {
      const page = await dashboard()
      assert.equal(await page.$('section[data-widget="headline"]'), null)
      assert.equal(await page.$('[data-stat="AUM"]'), null)
      assert.deepEqual(await cards(page), await apiVisible(user.api))
      await openCustomize(page)
      const status = await page.$eval('[data-status="headline"]', (e) => e.textContent)
      assert.equal(status, 'Disabled by your administrator: Figures move to the report')
      const toggle = '#dash-customize button[aria-label="Show Headline figures"]'
      assert.equal(await page.$eval(toggle, (b) => b.hasAttribute('disabled')), true)
      assert.deepEqual(await h.axe(page), [])
      await page.close()
    } finally {
      assert.equal((await admin.delete('/api/admin/widgets/policy/headline')).statusCode, 204)
    }

    const free = await h.newUser('free')
    await seedPortfolio(free.api)
    const page = await dashboard(free)
    const investors = await apiRow(free.api, 'investors')
    assert.deepEqual(
      [investors.visible, investors.reason, investors.required_plan_name],
      [false, 'plan', 'Pro'],
    )
    assert.equal(await page.$('section[data-widget="investors"]'), null)
    assert.deepEqual(await cards(page), await apiVisible(free.api))
    await openCustomize(page)
    assert.equal(await page.$eval('[data-status="investors"]', (e) => e.textContent), 'Needs the Pro plan')
    await page.close()
  })

  it('passes axe with Customize open and fits a 390 px phone', async () => {
    const page = await dashboard()
    await openCustomize(page)
    assert.deepEqual(await h.axe(page), [])
    await page.setViewport({ width: 390, height: 844 })
    await settled(page)
    const width = await scrollWidth(page)
    assert.ok(width <= 390, `the page is ${width} px wide: ${(await overflowing(page)).join('; ')}`)
    await page.close()
  })
})
