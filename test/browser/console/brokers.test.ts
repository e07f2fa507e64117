/**
 * The Brokers page in Chromium, against the offline broker sandboxes: connecting goes through the
 * sandbox's consent page (or the aggregator's portal) and comes back to /app/brokers showing the
 * connection; the positions listed are the API's for the same user; Sync now shows what the sync did
 * and the sync log lists it; Disconnect (after its confirmation) removes the connection; a refused
 * consent comes back with the reason. The page passes axe-core and fits a 390 px wide phone.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Page } from 'puppeteer-core'
import {
  type ConsoleHarness,
  consoleSkipReason,
  type ConsoleUser,
  startConsole,
  scrollWidth,
} from '../../helpers/console.ts'

const card = (vendor: string) => `section[aria-label="${vendor}"]`
const text = (page: Page, selector: string) => page.$eval(selector, (e) => e.textContent ?? '')
const apiJson = async (user: ConsoleUser, url: string) => {
  const res = await user.api.get(url)
  assert.equal(res.statusCode, 200, res.body)
  return JSON.parse(res.body) as Record<string, unknown>
}

/** Connect pressed on the card, then `decision` on the sandbox's page: back on /app/brokers. */
async function roundTrip(page: Page, vendor: string, decision: 'allow' | 'deny', sandboxPath: string) {
  await page.waitForSelector(`${card(vendor)} form button[type=submit]`)
  await Promise.all([page.waitForNavigation(), page.click(`${card(vendor)} form button[type=submit]`)])
  const at = new URL(page.url())
  assert.equal(at.pathname, sandboxPath, 'the browser went to the sandbox’s consent page')
  await Promise.all([page.waitForNavigation(), page.click(`button[value=${decision}]`)])
  assert.equal(new URL(page.url()).pathname, '/app/brokers', 'and came back to the console')
  return new URL(page.url()).searchParams
}

interface Row {
  symbol: string
  quantity: string
  marketValue: string
}

/** The positions table of a card as shown. */
const shownPositions = (page: Page, vendor: string) =>
  page.$$eval(`${card(vendor)} table[data-positions] tbody tr`, (rows) =>
    rows.map((r) => ({
      symbol: r.getAttribute('data-symbol') ?? '',
      quantity: r.querySelector('[data-quantity]')?.getAttribute('data-quantity') ?? '',
      marketValue: r.querySelector('[data-market-value]')?.textContent ?? '',
    })),
  )

describe('console: broker connections', { skip: consoleSkipReason() }, () => {
  let h: ConsoleHarness
  before(async () => {
    h = await startConsole()
  })
  after(async () => {
    await h?.close()
  })

  it('connects broker A through the sandbox, lists its positions as the API does, syncs and disconnects', async () => {
    const user = await h.newUser()
    const page = await h.login(user, '/brokers')
    await page.waitForSelector(`${card('Alpaca')} [data-broker-status="not-connected"]`)
    assert.deepEqual(await h.axe(page), [])

    const back = await roundTrip(page, 'Alpaca', 'allow', '/sandbox/alpaca/oauth/authorize')
    assert.equal(back.get('connected'), 'brokera')
    await page.waitForSelector('.broker-outcome[role=status]')
    assert.match(await text(page, '.broker-outcome'), /Alpaca is connected/)
    await page.waitForSelector(`${card('Alpaca')} [data-broker-status="connected"]`)
    assert.equal((await apiJson(user, '/api/brokera/status'))['connected'], true)

    // The positions shown are the API's: same symbols and exact quantities, market values as formatted.
    await page.waitForSelector(`${card('Alpaca')} table[data-positions="brokera"] tbody tr`)
    const accounts = (await apiJson(user, '/api/brokers/brokera/accounts'))['items'] as { currency: string }[]
    const positions = (await apiJson(user, '/api/brokera/positions'))['positions'] as {
      symbol: string
      quantity: string
      market_value: string
    }[]
    const unified = (await apiJson(user, '/api/brokers/brokera/positions'))['items'] as {
      symbol: string
      quantity: string
      market_value: string | null
    }[]
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: accounts[0]!.currency })
    const expected: Row[] = unified.map((p) => ({
      symbol: p.symbol,
      quantity: p.quantity,
      marketValue: p.market_value === null ? '—' : usd.format(p.market_value as unknown as number),
    }))
    assert.ok(expected.length > 0, 'the sandbox account holds positions')
    assert.deepEqual(await shownPositions(page, 'Alpaca'), expected)
    assert.deepEqual(
      positions.map((p) => [p.symbol, Number(p.quantity)]).sort(),
      unified.map((p) => [p.symbol, Number(p.quantity)]).sort(),
      'broker A’s own positions route agrees',
    )
    assert.deepEqual(await h.axe(page), [])

    // Sync now: what the sync did, as the sync log records it, and the log lists it.
    await page.click(`${card('Alpaca')} .broker-actions button:not(.danger)`)
    const done = await page.waitForSelector(`${card('Alpaca')} .sync-result`)
    const syncId = Number(await done!.evaluate((e) => e.getAttribute('data-sync-id')))
    const log = (await apiJson(user, '/api/brokers/sync-log'))['items'] as {
      id: number
      sync_kind: string
      positions: number
      status: string
    }[]
    const row = log.find((r) => r.id === syncId)
    assert.ok(row, 'the sync shown is in the API’s sync log')
    assert.deepEqual([row.sync_kind, row.status], ['manual', 'ok'])
    assert.match(await done!.evaluate((e) => e.textContent ?? ''), new RegExp(`: ${row.positions} positions`))
    const shown = await page.waitForSelector(`table[data-sync-log] tr[data-sync-id="${syncId}"]`)
    const cells = await shown!.$$eval('td', (tds) => tds.map((td) => td.textContent))
    assert.deepEqual(cells.slice(1, 5), ['Alpaca', 'Sync now', 'OK', String(row.positions)])

    // Disconnect asks first, then removes the connection.
    await page.click(`${card('Alpaca')} button.danger`)
    await page.waitForSelector(`${card('Alpaca')} [role=group][aria-label="Confirm disconnecting Alpaca"]`)
    assert.deepEqual(await h.axe(page), [])
    await page.locator(`${card('Alpaca')} ::-p-text(Yes, disconnect Alpaca)`).click()
    await page.waitForSelector(`${card('Alpaca')} [data-broker-status="not-connected"]`)
    assert.equal(await page.$(`${card('Alpaca')} table[data-positions]`), null)
    assert.equal((await apiJson(user, '/api/brokera/status'))['connected'], false)
    await page.close()
  })

  it('a refused consent comes back to the page with the reason', async () => {
    const user = await h.newUser()
    const page = await h.login(user, '/brokers')
    const back = await roundTrip(page, 'Alpaca', 'deny', '/sandbox/alpaca/oauth/authorize')
    assert.equal(back.get('error'), 'broker.authorization_denied')
    await page.waitForSelector('.broker-outcome[role=alert]')
    assert.match(await text(page, '.broker-outcome'), /you declined the request at the broker/)
    await page.waitForSelector(`${card('Alpaca')} [data-broker-status="not-connected"]`)
    assert.deepEqual(await h.axe(page), [])
    await page.close()
  })

  it('connects broker B (two accounts) and the aggregator the same way', async () => {
    const user = await h.newUser()
    const page = await h.login(user, '/brokers')
    const b = await roundTrip(page, 'Charles Schwab', 'allow', '/sandbox/schwab/v1/oauth/authorize')
    assert.equal(b.get('connected'), 'brokerb')
    await page.waitForSelector(`${card('Charles Schwab')} table[data-positions="brokerb"] tbody tr`)
    const schwab = (await apiJson(user, '/api/brokers/brokerb/positions'))['items'] as { symbol: string }[]
    const shown = await shownPositions(page, 'Charles Schwab')
    assert.deepEqual(
      shown.map((r) => r.symbol),
      schwab.map((p) => p.symbol),
    )
    // Two accounts: a labelled choice between them.
    const options = await page.$$eval(
      `${card('Charles Schwab')} select[name=account] option`,
      (o) => o.length,
    )
    assert.equal(options, 2)

    const a = await roundTrip(page, 'SnapTrade', 'allow', '/sandbox/snaptrade/snapTrade/redeemToken')
    assert.equal(a.get('connected'), 'aggregator')
    await page.waitForSelector(`${card('SnapTrade')} [data-broker-status="connected"]`)
    await page.waitForSelector(`${card('SnapTrade')} table[data-positions="aggregator"] tbody tr`)
    const agg = (await apiJson(user, '/api/brokers/aggregator/positions'))['items'] as { symbol: string }[]
    assert.deepEqual(
      (await shownPositions(page, 'SnapTrade')).map((r) => r.symbol),
      agg.map((p) => p.symbol),
    )
    assert.deepEqual(await h.axe(page), [])

    await page.setViewport({ width: 390, height: 844 })
    await page.reload({ waitUntil: 'load' })
    await page.waitForSelector(`${card('SnapTrade')} table[data-positions] tbody tr`)
    await page.waitForSelector(`${card('Charles Schwab')} table[data-positions] tbody tr`)
    await page.waitForSelector('table[data-sync-log]')
    const width = await scrollWidth(page)
    assert.ok(width <= 390, `no horizontal scroll at 390 px (${width})`)
    await page.close()
  })
})
