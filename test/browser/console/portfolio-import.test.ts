/**
 * The console's CSV import and activity ledger in Chromium: a file is first checked by the API's dry
 * run (its rows listed, the rows the API refuses marked with its reasons, nothing written), then
 * imported on confirmation, after which the trades or holdings are the API's; an activity recorded
 * on the ledger page moves the account's cash. Each page passes axe-core and fits 390 px.
 */
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { Page } from 'puppeteer-core'
import {
  type ConsoleHarness,
  consoleSkipReason,
  type ConsoleUser,
  startConsole,
} from '../../helpers/console.ts'
import { createManualAccount } from '../../helpers/portfolio.ts'
import { checkPage, json, shown, textOf, type Body } from './portfolio-helpers.ts'

// A realized gains export as brokers write it: $ and thousands separators, a column not read.
const TRADES_CSV =
  'Symbol,Description,Qty,Date Acquired,Date Sold,Sale Proceeds,Cost Basis,Commission\n' +
  'AAPL,"Apple, Inc.",10,2023-01-10,2024-01-11,"$1,234.56","$1,000.01",$4.95\n' +
  'MSFT,Microsoft,5,VARIOUS,2023-06-01,$488.00,$500.00,\n'
const BAD_CSV = TRADES_CSV + 'NVDA,Nvidia,ten,2023-03-01,2023-09-01,"1,000",900,\n'

const dryRun = (user: ConsoleUser, query: string, csv: string) =>
  user.api.inject({
    method: 'POST',
    url: `/api/brokers/manual/import?${query}&dry_run=true`,
    headers: { 'content-type': 'text/csv' },
    payload: csv,
  })

describe('console: CSV import and the activity ledger', { skip: consoleSkipReason() }, () => {
  let h: ConsoleHarness
  let dir: string
  before(async () => {
    h = await startConsole()
    dir = mkdtempSync(join(tmpdir(), 'console-import-'))
  })
  after(async () => {
    await h?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const upload = async (page: Page, name: string, csv: string) => {
    const path = join(dir, name)
    writeFileSync(path, csv)
    // The file input's handle (typed without the DOM library in the test project).
    const input = (await page.$('#import-file')) as unknown as {
      uploadFile(...paths: string[]): Promise<void>
    }
    await input.uploadFile(path)
  }

  it('previews closed trades (refused rows with the API’s reasons), then imports them on confirmation', async () => {
    const user = await h.newUser()
    const id = await createManualAccount(user.api, 'Taxable')
    const page = await h.login(user, `/import?account=${id}`)
    await page.waitForSelector(`select[name=account_id] option[value="${id}"]`)
    await checkPage(h, page, 'form[aria-label="CSV import"]')

    // A row the API refuses: its reason beside that line, and nothing imported.
    const refused = json(await dryRun(user, `account_id=${id}&kind=transactions`, BAD_CSV))
    const reason = (refused.errors as { loc: (string | number)[]; msg: string }[])[0]!
    assert.deepEqual(reason.loc.slice(0, 3), ['body', 4, 'Qty'])
    await upload(page, 'bad.csv', BAD_CSV)
    await page.locator('form[aria-label="CSV import"] button[type=submit]').click()
    await page.waitForSelector('tr[data-line="4"].refused')
    assert.equal(await textOf(page, 'tr[data-line="4"] td:last-child'), `Refused: Qty: ${reason.msg}`)
    assert.equal(await textOf(page, 'section[aria-label^="Dry run"] .problem'), refused.detail)
    assert.equal(await page.$('::-p-text(Import 2 rows)'), null)

    // The good file: its rows listed, the API's counts, nothing written until confirmed.
    const expected = json(await dryRun(user, `account_id=${id}&kind=transactions`, TRADES_CSV))
    await upload(page, 'trades.csv', TRADES_CSV)
    await page.locator('form[aria-label="CSV import"] button[type=submit]').click()
    await page.waitForSelector('::-p-text(Import 2 rows)')
    assert.deepEqual(
      await page.$$eval('tr[data-line]', (rows) => rows.map((r) => r.getAttribute('data-line'))),
      ['2', '3'],
    )
    assert.equal(await textOf(page, 'tr[data-line="2"] td:nth-of-type(1)'), 'AAPL')
    assert.equal(shown(await textOf(page, '[data-stat="Rows that would be imported"]')), expected.imported)
    assert.match(await textOf(page, 'section[aria-label^="Dry run"]'), /Columns not read: Description/)
    const trades = () => user.api.get(`/api/brokers/manual/transactions?account_id=${id}`)
    assert.deepEqual(json(await trades()).items, [])
    await checkPage(h, page, 'tr[data-line="2"]')

    await page.locator('::-p-text(Import 2 rows)').click()
    await page.waitForSelector('::-p-text(2 closed trades imported.)')
    assert.equal(shown(await textOf(page, '[data-stat="Rows that were imported"]')), 2)
    const stored = json(await trades()).items as Body[]
    assert.deepEqual(stored.map((t) => [t.symbol, t.quantity, t.gain_loss]).sort(), [
      ['AAPL', 10, 229.6],
      ['MSFT', 5, -12],
    ])
    await page.locator('::-p-text(See the account)').click()
    await page.waitForSelector('tr[data-trade] ::-p-text(MSFT)')
    await page.close()
  })

  it('imports holdings; the holdings page shows them at the API’s market values', async () => {
    const user = await h.newUser()
    const id = await createManualAccount(user.api, 'IRA')
    const page = await h.login(user, `/import?account=${id}`)
    await page.waitForSelector(`select[name=account_id] option[value="${id}"]`)
    await page.select('select[name=kind]', 'positions')
    await upload(page, 'positions.csv', 'Symbol,Quantity,Cost Basis\nAAPL,10,1500\nMSFT,4,"1,200.00"\n')
    await page.locator('form[aria-label="CSV import"] button[type=submit]').click()
    await page.locator('::-p-text(Import 2 rows)').click()
    await page.waitForSelector('::-p-text(2 holdings imported.)')
    await page.goto(`${h.base}/app/holdings?account=${id}`)
    await page.waitForSelector(`tr[data-holding="${id}:MSFT"]`)
    const items = json(await user.api.get(`/api/holdings?account_id=${id}`)).items as Body[]
    assert.equal(items.length, 2)
    for (const item of items) {
      const cell = `tr[data-holding="${id}:${String(item.symbol)}"] td[data-col=market_value]`
      assert.equal(shown(await textOf(page, cell)), item.market_value)
    }
    await page.close()
  })

  it('records a deposit on the ledger page; the account’s cash follows', async () => {
    const user = await h.newUser()
    const id = await createManualAccount(user.api, 'Cash account')
    const page = await h.login(user, `/activities?account=${id}`)
    const form = 'form[aria-label="Record an activity"]'
    await page.waitForSelector('::-p-text(No activities match)')
    await checkPage(h, page, form)
    await page.select(`${form} select[name=type]`, 'DEPOSIT')
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
    await page.$eval(
      `${form} input[name=date]`,
      (e, d) => ((e as unknown as { value: string }).value = d),
      yesterday,
    )
    await page.type(`${form} input[name=amount]`, '5000')
    await page.click(`${form} button[type=submit]`)
    await page.waitForSelector('tr[data-activity] ::-p-text(DEPOSIT)')
    const account = (json(await user.api.get('/api/accounts')).items as Body[])[0]!
    assert.deepEqual(account.cash, [{ currency: 'USD', balance: 5000 }])
    await checkPage(h, page, 'tr[data-activity]')

    await page.goto(`${h.base}/app/accounts`)
    await page.waitForSelector(`tr[data-account="${id}"]`)
    assert.equal(shown(await textOf(page, `tr[data-account="${id}"] td.num`)), 5000)
    await page.close()
  })
})
