/**
 * The Intelligence pages in Chromium, against the API of the same user: a backtest run from the form
 * shows the metrics the API saved and draws its curve, with the whole trade log paged; a 422 lands next
 * to the field it names; the correlation table holds the API's matrix (readable colours); a committee
 * run's timeline shows the events the API recorded. Every page passes axe-core and fits 390 px.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import {
  type ConsoleHarness,
  consoleSkipReason,
  type ConsoleUser,
  startConsole,
  scrollWidth,
} from '../../helpers/console.ts'
import { json } from '../../helpers/assertions.ts'
import {
  at,
  chartInked,
  contrast,
  fieldError,
  fill,
  heatmapColours,
  holdings,
  settled,
  shownTrades,
  tradesChanged,
  usd,
  type Body,
} from './intel-fixtures.ts'

describe('console: Intelligence', { skip: consoleSkipReason() }, () => {
  let h: ConsoleHarness
  let user: ConsoleUser
  const visited: string[] = []
  before(async () => {
    h = await startConsole()
    user = await h.newUser()
    await holdings(user, [
      { symbol: 'AAPL', quantity: 50, value: 9000 },
      { symbol: 'MSFT', quantity: 10, value: 4000 },
    ])
  })
  after(async () => {
    await h?.close()
  })

  const BODY = { strategy: 'sma_cross', from: '2023-01-03', to: '2025-06-30', initial_capital: 10000 }

  it('a backtest from the form: the metrics equal the saved run, the curve is drawn, the trade log pages', async () => {
    const page = await h.login(user, '/intel')
    await page.waitForSelector('form[aria-label="Run a backtest"]')
    await fill(page, {
      symbols: 'AAPL, MSFT, NVDA, SPY',
      from: BODY.from,
      to: BODY.to,
      fast_period: '5',
      slow_period: '20',
    })
    await page.click('form[aria-label="Run a backtest"] button[type=submit]')
    await page.waitForSelector('[data-metric="final_equity"]', { timeout: 30_000 })
    const id = Number(/\/intel\/backtests\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1])
    assert.ok(id > 0, page.url())

    const saved = json((await user.api.get(`/api/trading-intel/backtests/${id}`)).body)
    assert.deepEqual(at(saved, 'params.symbols'), ['AAPL', 'MSFT', 'NVDA', 'SPY'])
    assert.equal(at(saved, 'params.fast_period'), 5)
    const shown = await page.$$eval('[data-metric]', (cells) =>
      cells.map((c) => [c.getAttribute('data-metric')!, c.getAttribute('data-value')!] as const),
    )
    assert.ok(shown.length >= 20, 'every metric is listed')
    for (const [key, value] of shown)
      assert.equal(value, String(at(saved['summary'] as Body, key)), `metric ${key}`)
    const finalEquity = at(saved, 'summary.final_equity') as number
    assert.equal(await page.$eval('[data-metric="final_equity"]', (e) => e.textContent), usd(finalEquity))

    // The curve: a canvas with ink on it, and its end figures as text.
    const curve = saved['equity_curve'] as { equity: number }[]
    const label = await page.$eval('.chart[role=img]', (e) => e.getAttribute('aria-label'))
    assert.match(label ?? '', new RegExp(`${curve.length} trading days`))
    assert.ok(label?.includes(usd(curve.at(-1)!.equity)), label ?? '')
    assert.ok(await chartInked(page), 'the equity curve is drawn')

    // The trade log, page by page, equals the API's whole log.
    const total = saved['trades_total'] as number
    assert.ok(total > 50, `the run made more trades than a page (${total})`)
    const log: string[] = []
    let cursor = ''
    do {
      const res = json(
        (await user.api.get(`/api/trading-intel/backtests/${id}/trades?page_size=50${cursor}`)).body,
      )
      log.push(...(res.items as Body[]).map((t) => `${String(t['trade_id'])}:${String(t['pnl'])}`))
      cursor = res.next_cursor ? `&cursor=${res.next_cursor as string}` : ''
    } while (cursor)
    assert.equal(log.length, total)
    const seen: string[] = []
    for (;;) {
      await page.waitForSelector('table[aria-label=Trades] tbody tr')
      seen.push(...(await shownTrades(page)))
      const next = await page.$('button::-p-text(Next page):not([aria-disabled=true])')
      if (!next) break
      const first = await page.$eval('table[aria-label=Trades] tbody tr', (r) => r.textContent)
      await next.click()
      await tradesChanged(page, first)
    }
    assert.deepEqual(seen, log)
    visited.push(`/intel/backtests/${id}`)
    await page.close()
  })

  it('a bad input shows the API’s 422 message next to its field', async () => {
    const page = await h.login(user, '/intel')
    await page.waitForSelector('form[aria-label="Run a backtest"]')
    const bad = { ...BODY, params: { symbols: ['AAPL'], fast_period: 30, slow_period: 10 } }
    const api = await user.api.post('/api/trading-intel/backtest', bad)
    assert.equal(api.statusCode, 422, api.body)
    const expected = (json(api.body).errors as { loc: string[]; msg: string }[]).find(
      (e) => e.loc.at(-1) === 'fast_period',
    )
    assert.ok(expected, api.body)
    await fill(page, { symbols: 'AAPL', from: BODY.from, to: BODY.to, fast_period: '30', slow_period: '10' })
    await page.click('form[aria-label="Run a backtest"] button[type=submit]')
    await page.waitForSelector('.field-error')
    assert.equal(await fieldError(page, 'fast_period'), expected.msg)
    assert.equal(await page.$eval('input[name=fast_period]', (e) => e.getAttribute('aria-invalid')), 'true')

    // A bad item of a list is named by its index; the message still sits under the list's field.
    const badSymbol = await user.api.post('/api/trading-intel/backtest', {
      ...BODY,
      params: { symbols: ['A$B'] },
    })
    assert.equal(badSymbol.statusCode, 422, badSymbol.body)
    const symbolMsg = (json(badSymbol.body).errors as { loc: unknown[]; msg: string }[])[0]!
    assert.deepEqual(symbolMsg.loc.slice(-2), ['symbols', 0])
    await fill(page, { symbols: 'A$B', fast_period: '', slow_period: '' })
    await page.click('form[aria-label="Run a backtest"] button[type=submit]')
    await page.waitForSelector('.field:has([name=symbols]) .field-error')
    assert.equal(await fieldError(page, 'symbols'), symbolMsg.msg)
    await page.close()
  })

  it('the correlation table holds the API’s matrix, each cell readable on its colour', async () => {
    const page = await h.login(user, '/intel/correlation')
    await page.waitForSelector('table[aria-label="Correlation matrix"] td[data-value]', { timeout: 30_000 })
    const api = json((await user.api.get('/api/trading-intel/correlation?lookback_days=90')).body) as {
      symbols: string[]
      matrix: (number | null)[][]
    }
    assert.ok(api.symbols.includes('AAPL') && api.symbols.includes('SPY'), api.symbols.join())
    const rows = await page.$$eval('table[aria-label="Correlation matrix"] tbody tr', (trs) =>
      trs.map((tr) => ({
        symbol: tr.querySelector('th')!.textContent,
        cells: [...tr.querySelectorAll('td')].map((td) => td.textContent),
      })),
    )
    assert.deepEqual(
      rows.map((r) => r.symbol),
      api.symbols,
    )
    rows.forEach((r, i) =>
      r.cells.forEach((text, j) => {
        const v = api.matrix[i]![j]!
        assert.equal(text, v === null ? 'n/a' : v.toFixed(3), `${r.symbol} × ${api.symbols[j]}`)
      }),
    )
    assert.ok(
      api.matrix.flat().some((v) => v !== null && v < 0.99),
      'some entries are off the diagonal',
    )
    // Coloured by value (cells of different ρ differ), the text contrasting ≥ 4.5:1 with each colour.
    const colours = await heatmapColours(page)
    assert.ok(new Set(colours.map((c) => c[1])).size > 1, 'cells of different values have different colours')
    for (const [v, bg, fg] of colours) assert.ok(contrast(bg, fg) >= 4.5, `cell ${v}: ${fg} on ${bg}`)
    visited.push('/intel/correlation')
    await page.close()
  })

  it('a committee run from the page shows its timeline, event for event', async () => {
    const page = await h.login(user, '/intel/committee')
    await page.waitForSelector('form[aria-label="Convene the committee"]')
    await page.type('input[name=symbol]', 'AAPL')
    await page.click('form[aria-label="Convene the committee"] button[type=submit]')
    await page.waitForSelector('.intel-timeline li:is([data-kind=decision],[data-kind=failed])', {
      timeout: 60_000,
    })
    const runId = /\/intel\/committee\/([0-9A-Z]{26})$/.exec(new URL(page.url()).pathname)?.[1]
    assert.ok(runId, page.url())
    const events = json((await user.api.get(`/api/trading-intel/committee/runs/${runId}/events`)).body)
    assert.equal(events.status, 'completed')
    const count = (events.items as unknown[]).length
    await page.waitForFunction(`document.querySelectorAll('.intel-timeline li').length === ${count}`)
    const kinds = await page.$$eval('.intel-timeline li', (lis) =>
      lis.map((li) => li.getAttribute('data-kind')),
    )
    assert.deepEqual(
      kinds,
      (events.items as Body[]).map((e) => e['kind']),
    )
    assert.deepEqual(kinds.slice(0, 2), ['started', 'analyst_opinion'])
    const run = json((await user.api.get(`/api/trading-intel/committee/runs/${runId}`)).body)
    await page.waitForSelector('[data-stat=Action]')
    assert.equal(
      await page.$eval('[data-stat=Action]', (e) => e.textContent),
      String(run.decision.action).toUpperCase(),
    )
    visited.push(`/intel/committee/${runId}`)
    await page.close()
  })

  it('every Intelligence page passes axe and fits a 390 px screen', async () => {
    const research = await user.api.post('/api/trading-intel/market-research/runs', { symbol: 'MSFT' })
    assert.equal(research.statusCode, 202, research.body)
    const pages = [
      '/intel',
      '/intel/signals',
      '/intel/scans',
      '/intel/committee',
      '/intel/research',
      `/intel/research/${json(research.body).run_id as string}`,
      '/intel/daily',
      '/intel/risk',
      ...visited,
    ]
    const page = await h.login(user, '/intel')
    for (const path of pages) {
      for (const width of [1280, 390]) {
        await page.setViewport({ width, height: width === 390 ? 844 : 900 })
        await page.goto(`${h.base}/app${path}`, { waitUntil: 'load' })
        await settled(page)
        if (path.startsWith('/intel/research/'))
          await page.waitForSelector('main section[aria-label=Market]', { timeout: 60_000 })
        if (path === '/intel/risk') {
          await page.click('form[aria-label="Compute stops"] button[type=submit]')
          await page.waitForSelector('table[aria-label=Stops]', { timeout: 30_000 })
        }
        assert.deepEqual(await h.axe(page), [], `${path} at ${width}px`)
        if (width === 390) {
          const scroll = await scrollWidth(page)
          assert.ok(scroll <= 390, `${path} scrolls sideways at 390 px (${scroll})`)
        }
      }
    }
    await page.close()
  })
})
