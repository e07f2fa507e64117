/**
 * The console's accounts and holdings pages in Chromium, against the API of the same user: a manual
 * account created in the browser is the API's; a holding added, edited and deleted on the account's
 * page moves the API's AUM and the holdings list, whose figures the page shows as the API gives
 * them; the API's 422 lands next to the field it names and a plan limit's 402 above the button.
 * Every page passes axe-core and fits a 390 px wide phone without sideways scrolling.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import {
  type ConsoleHarness,
  consoleSkipReason,
  type ConsoleUser,
  startConsole,
} from '../../helpers/console.ts'
import { createManualAccount } from '../../helpers/portfolio.ts'
import { checkPage, fill, json, shown, textOf, type Body } from './portfolio-helpers.ts'

async function aum(user: ConsoleUser): Promise<{ market_value: number; total_aum: number }> {
  const res = await user.api.get('/api/analytics/aum')
  assert.equal(res.statusCode, 200, res.body)
  return json(res).current as { market_value: number; total_aum: number }
}

async function holdingsOf(user: ConsoleUser): Promise<Body[]> {
  const res = await user.api.get('/api/holdings')
  assert.equal(res.statusCode, 200, res.body)
  return json(res).items as Body[]
}

describe('console: accounts and holdings', { skip: consoleSkipReason() }, () => {
  let h: ConsoleHarness
  before(async () => {
    h = await startConsole()
  })
  after(async () => {
    await h?.close()
  })

  it('creates a manual account in the browser; a 422 names its field; closing archives it', async () => {
    const user = await h.newUser()
    const page = await h.login(user, '/accounts')
    await page.waitForSelector('form[aria-label="New manual account"]')
    await page.waitForSelector('.empty')
    await checkPage(h, page, 'form[aria-label="New manual account"]')

    // A currency the API refuses: its own message, next to the Currency field.
    const refused = json(
      await user.api.post('/api/accounts', { name: 'X', broker_type: 'manual', currency: 'US' }),
    )
    const expected = (refused.errors as { loc: string[]; msg: string }[]).find(
      (e) => e.loc.at(-1) === 'currency',
    )
    assert.ok(expected, JSON.stringify(refused))
    await page.type('form[aria-label="New manual account"] input[name=name]', 'Brokerage A')
    await page.type('form[aria-label="New manual account"] input[name=currency]', 'us')
    await page.click('form[aria-label="New manual account"] button[type=submit]')
    const error = await page.waitForSelector('.field.invalid:has(input[name=currency]) .field-error')
    assert.equal(await error!.evaluate((e) => e.textContent), expected.msg)

    await fill(page, 'form[aria-label="New manual account"] input[name=currency]', '')
    await page.type('form[aria-label="New manual account"] input[name=account_type]', 'taxable')
    await page.click('form[aria-label="New manual account"] button[type=submit]')
    await page.waitForSelector('::-p-text(Brokerage A)')
    const listed = json(await user.api.get('/api/accounts')).items as Body[]
    assert.deepEqual(
      listed.map((a) => [a.name, a.broker_type, a.account_type, a.currency, a.status]),
      [['Brokerage A', 'manual', 'taxable', 'USD', 'active']],
    )
    const id = listed[0]!.id as number
    await checkPage(h, page, `tr[data-account="${id}"]`)

    await page.click(`tr[data-account="${id}"] button.danger`)
    await page.locator(`tr[data-account="${id}"] ::-p-text(Yes, close)`).click()
    await page.waitForSelector('::-p-text(No accounts yet)')
    const closed = (json(await user.api.get('/api/accounts?include_archived=true')).items as Body[])[0]!
    assert.deepEqual([closed.status, closed.archived], ['closed', true])
    await page.click('button[aria-pressed="false"]::-p-text(Show archived)')
    await page.waitForSelector(`tr[data-account="${id}"] ::-p-text(Reopen)`)
    await page.close()
  })

  it("shows the plan limit's 402 message when one manual account too many is created", async () => {
    const user = await h.newUser('free')
    for (const name of ['One', 'Two', 'Three']) await createManualAccount(user.api, name)
    const over = await user.api.post('/api/accounts', { name: 'Four', broker_type: 'manual' })
    assert.equal(over.statusCode, 402, over.body)
    const page = await h.login(user, '/accounts')
    await page.waitForSelector('::-p-text(Three)')
    await page.type('form[aria-label="New manual account"] input[name=name]', 'Five')
    await page.click('form[aria-label="New manual account"] button[type=submit]')
    const alert = await page.waitForSelector('form[aria-label="New manual account"] .problem')
    assert.equal(await alert!.evaluate((e) => e.textContent), json(over).detail)
    await page.close()
  })

  it('a holding added, edited and deleted on the account page moves AUM and the holdings list', async () => {
    const user = await h.newUser()
    const id = await createManualAccount(user.api, 'Taxable')
    const page = await h.login(user, `/accounts/${id}`)
    const form = 'form[aria-label="Add a holding"]'
    await page.waitForSelector('::-p-text(No holdings recorded)')
    await checkPage(h, page, form)
    const before = await aum(user)
    assert.equal(before.market_value, 0)
    const locale = await page.evaluate('navigator.language')
    const dollars = (v: number) =>
      new Intl.NumberFormat(locale as string, { style: 'currency', currency: 'USD' }).format(v)
    /** The AUM the dashboard shows, in a tab of its own (the account page stays where it is). */
    const dashboardAum = async () => {
      const dash = await h.open('/app/')
      const stat = await dash.waitForSelector('[data-stat="AUM"]')
      const shownAum = await stat!.evaluate((e) => (e.textContent ?? '').trim())
      await dash.close()
      return shownAum
    }

    await page.type(`${form} input[name=symbol]`, 'aapl')
    await page.type(`${form} input[name=quantity]`, '10')
    await page.type(`${form} input[name=cost_basis]`, '1500')
    await page.click(`${form} button[type=submit]`)
    await page.waitForSelector('tr[data-position] ::-p-text(AAPL)')
    const positions = json(await user.api.get(`/api/brokers/manual/positions?account_id=${id}`))
      .items as Body[]
    assert.deepEqual(
      positions.map((p) => [p.symbol, p.quantity, p.cost_basis]),
      [['AAPL', 10, 1500]],
    )
    // Recorded today, the holding is valued at its cost until a market refresh: AUM's market value is 1500.
    const afterAdd = await aum(user)
    assert.equal(afterAdd.market_value, 1500)
    assert.notDeepEqual(afterAdd, before)
    assert.equal(await dashboardAum(), dollars(afterAdd.total_aum), 'the dashboard shows the new AUM')

    // The holdings page shows the API's figures for the same holding.
    const holdingsPage = await h.open(`/app/holdings`)
    const row = `tr[data-holding="${id}:AAPL"]`
    await holdingsPage.waitForSelector(row)
    let api = (await holdingsOf(user))[0]!
    assert.equal(shown(await textOf(holdingsPage, `${row} td[data-col=market_value]`)), api.market_value)
    assert.equal(api.market_value, Math.round(10 * (api.price as number) * 100) / 100)
    await checkPage(h, holdingsPage, row)

    // A quantity the API refuses (9 decimals): its message next to Quantity in the edit form.
    const positionId = positions[0]!.position_id as number
    const refused = json(
      await user.api.patch(`/api/brokers/manual/positions/${positionId}`, { quantity: 1.123456789 }),
    )
    const msg = (refused.errors as { loc: string[]; msg: string }[])[0]!
    assert.deepEqual(msg.loc, ['body', 'quantity'])
    await page.bringToFront() // a background tab draws no frames, and a locator waits for one
    await page.locator(`tr[data-position="${positionId}"] ::-p-text(Edit)`).click()
    const edit = 'form[aria-label="Edit AAPL"]'
    await fill(page, `${edit} input[name=quantity]`, '1.123456789')
    await page.click(`${edit} button[type=submit]`)
    const err = await page.waitForSelector(`${edit} .field.invalid:has(input[name=quantity]) .field-error`)
    assert.equal(await err!.evaluate((e) => e.textContent), msg.msg)

    await fill(page, `${edit} input[name=quantity]`, '20')
    await page.click(`${edit} button[type=submit]`)
    await page.waitForSelector(`tr[data-position="${positionId}"] ::-p-text(20)`)
    await holdingsPage.bringToFront()
    await holdingsPage.reload({ waitUntil: 'load' })
    await holdingsPage.waitForSelector(`${row} ::-p-text(20)`)
    api = (await holdingsOf(user))[0]!
    assert.equal(api.quantity, 20)
    assert.equal(shown(await textOf(holdingsPage, `${row} td[data-col=market_value]`)), api.market_value)
    assert.equal(api.market_value, Math.round(20 * (api.price as number) * 100) / 100)

    await page.bringToFront()
    await page.locator(`tr[data-position="${positionId}"] ::-p-text(Delete)`).click()
    await page.locator(`tr[data-position="${positionId}"] ::-p-text(Yes, delete)`).click()
    await page.waitForSelector('::-p-text(No holdings recorded)')
    assert.deepEqual(await holdingsOf(user), [])
    const afterDelete = await aum(user)
    assert.equal(afterDelete.market_value, 0)
    assert.equal(await dashboardAum(), dollars(afterDelete.total_aum), 'and the AUM after the delete')
    await holdingsPage.close()
    await page.close()
  })

  it('records a closed trade; a negative quantity shows the API’s message next to Quantity', async () => {
    const user = await h.newUser()
    const id = await createManualAccount(user.api, 'Taxable')
    const page = await h.login(user, `/accounts/${id}`)
    const form = 'form[aria-label="Record a closed trade"]'
    await page.waitForSelector('::-p-text(No closed trades)')
    const trade = {
      symbol: 'MSFT',
      date_acquired: '2024-01-10',
      date_sold: '2025-02-14',
      proceeds: '2470.05',
      cost_basis: '1910',
    }
    const refused = json(
      await user.api.post('/api/brokers/manual/transactions', {
        ...trade,
        account_id: id,
        quantity: -5,
        proceeds: 2470.05,
        cost_basis: 1910,
      }),
    )
    const msg = (refused.errors as { loc: string[]; msg: string }[])[0]!
    assert.deepEqual(msg.loc, ['body', 'quantity'])
    for (const [name, value] of Object.entries(trade)) await page.type(`${form} input[name=${name}]`, value)
    await page.type(`${form} input[name=quantity]`, '-5')
    await page.click(`${form} button[type=submit]`)
    const err = await page.waitForSelector(`${form} .field.invalid:has(input[name=quantity]) .field-error`)
    assert.equal(await err!.evaluate((e) => e.textContent), msg.msg)

    await fill(page, `${form} input[name=quantity]`, '5')
    await page.click(`${form} button[type=submit]`)
    await page.waitForSelector('tr[data-trade] ::-p-text(MSFT)')
    const stored = (
      json(await user.api.get(`/api/brokers/manual/transactions?account_id=${id}`)).items as Body[]
    )[0]!
    // gain/loss: 2470.05 − 1910 − 0 fees.
    assert.deepEqual([stored.quantity, stored.gain_loss, stored.term], [5, 560.05, 'long'])
    assert.equal(
      shown(await textOf(page, `tr[data-trade="${String(stored.transaction_id)}"] td:nth-of-type(7)`)),
      560.05,
    )
    await checkPage(h, page, 'tr[data-trade]')
    await page.close()
  })
})
