import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../../../platform/clock.ts'
import type { EarningsProvider, InsiderProvider } from '../../market-data.port.ts'
import type { NewsProvider, TranscriptsProvider } from '../../market-data.port.ts'
import { createSimulatedContent } from './content.ts'

const NOW = '2026-03-10T15:00:00Z'
const SECTORS = ['Information Technology', 'Health Care', 'Financials', 'Energy', 'Industrials', 'Utilities']
const UNIVERSE = [
  { symbol: 'AAPL', name: 'Apple Inc.', sector: 'Information Technology' },
  { symbol: 'XOM', name: 'Exxon Mobil Corporation', sector: 'Energy' },
  { symbol: 'SPY', name: 'SPDR S&P 500 ETF Trust', sector: null },
  { symbol: 'XLK', name: 'Technology Select SPDR Fund', sector: 'Information Technology', type: 'etf' },
  ...Array.from({ length: 48 }, (_, i) => ({
    symbol: `SIM${i}`,
    name: `Simulated Company ${i}`,
    sector: SECTORS[i % SECTORS.length] ?? null,
  })),
]
const STOCKS = UNIVERSE.filter((i) => i.sector !== null && !('type' in i)).map((i) => i.symbol)

const content = (at = NOW, seed?: string) =>
  createSimulatedContent({ clock: fixedClock(at), instruments: UNIVERSE, seed })

const sentences = (text: string) => text.split(/(?<=[.?!])\s+/)

describe('simulated content: determinism', () => {
  it('implements the four content ports under the name simulated', () => {
    const c = content()
    const ports: [NewsProvider, EarningsProvider, TranscriptsProvider, InsiderProvider] = [c, c, c, c]
    assert.ok(ports.every((p) => p.name === 'simulated'))
  })

  it('answers the same query identically across instances, and differently for another seed', async () => {
    const [a, b, other] = [content(), content(), content(NOW, 'other')]
    const since = new Date('2026-02-01T00:00:00Z')
    assert.deepEqual(
      await a.news({ symbols: ['AAPL', 'XOM'], since }),
      await b.news({ symbols: ['XOM', 'aapl'], since }),
    )
    assert.deepEqual(await a.news({}), await b.news({}))
    assert.deepEqual(
      await a.calendar('2025-01-01', '2026-12-31'),
      await b.calendar('2025-01-01', '2026-12-31'),
    )
    assert.deepEqual(await a.transcripts('AAPL', 4), await b.transcripts('AAPL', 4))
    assert.deepEqual(
      await a.insiderTransactions(['AAPL'], '2025-01-01', '2026-03-10'),
      await b.insiderTransactions(['AAPL'], '2025-01-01', '2026-03-10'),
    )
    assert.notDeepEqual(await a.news({}), await other.news({}))
  })

  it('does not depend on which other symbols are asked, nor on call order', async () => {
    const c = content()
    const since = new Date('2026-01-01T00:00:00Z')
    const alone = await content().news({ symbols: ['AAPL'], since, limit: 500 })
    await c.calendar('2020-01-01', '2027-12-31')
    const mixed = await c.news({ symbols: ['XOM', 'AAPL', 'SIM3', 'NOPE'], since, limit: 500 })
    assert.deepEqual(
      mixed.filter((n) => n.symbols[0] === 'AAPL'),
      alone,
    )
    const insiderAlone = await content().insiderTransactions(['SIM7'], '2025-01-01', '2025-12-31')
    const insiderMixed = await c.insiderTransactions(STOCKS, '2025-01-01', '2025-12-31')
    assert.deepEqual(
      insiderMixed.filter((t) => t.symbol === 'SIM7'),
      insiderAlone,
    )
    const eventsAlone = await content().calendar('2025-01-01', '2025-12-31', ['SIM7'])
    assert.deepEqual(
      (await c.calendar('2025-01-01', '2025-12-31')).filter((e) => e.symbol === 'SIM7'),
      eventsAlone,
    )
  })
})

describe('simulated news', () => {
  it('never publishes the future, even when asked for it', async () => {
    const items = await content().news({
      symbols: STOCKS,
      until: new Date('2026-12-31T00:00:00Z'),
      limit: 500,
    })
    assert.ok(items.length > 0)
    assert.ok(items.every((n) => n.published_at <= new Date(NOW).toISOString()))
  })

  it('is newest first, with a strict since and an inclusive until', async () => {
    const c = content()
    const all = await c.news({
      symbols: ['AAPL', 'XOM', 'SIM1'],
      since: new Date('2026-02-01T00:00:00Z'),
      limit: 500,
    })
    assert.ok(all.length > 5)
    for (let i = 1; i < all.length; i++) assert.ok(all[i - 1]!.published_at >= all[i]!.published_at)
    const pivot = all[Math.floor(all.length / 2)]!
    const later = await c.news({
      symbols: ['AAPL', 'XOM', 'SIM1'],
      since: new Date(pivot.published_at),
      limit: 500,
    })
    assert.ok(later.every((n) => n.published_at > pivot.published_at))
    assert.deepEqual(
      later,
      all.filter((n) => n.published_at > pivot.published_at),
    )
    const upTo = await c.news({
      symbols: ['AAPL', 'XOM', 'SIM1'],
      until: new Date(pivot.published_at),
      limit: 500,
    })
    assert.equal(upTo[0]?.published_at, pivot.published_at)
  })

  it('gives a few ticker items per symbol and week, within the default 7-day window', async () => {
    const items = await content().news({ symbols: STOCKS, limit: 500 })
    const oldest = new Date(NOW).getTime() - 7 * 86_400_000
    assert.ok(items.every((n) => Date.parse(n.published_at) > oldest && n.symbols.length === 1))
    const perSymbol = items.length / STOCKS.length
    assert.ok(perSymbol >= 2 && perSymbol <= 7, `about four a week, got ${perSymbol}`)
    assert.ok(
      items.every((n) => n.headline.length > 10 && n.summary.length > 20 && n.url.startsWith('https://')),
    )
    assert.equal(new Set(items.map((n) => n.id)).size, items.length, 'ids are unique')
  })

  it('has general news in several categories, filterable, and honours limit', async () => {
    const c = content()
    const week = await c.news({ limit: 500 })
    assert.ok(week.every((n) => n.symbols.length === 0))
    assert.deepEqual(new Set(week.map((n) => n.category)), new Set(['general', 'forex', 'crypto', 'merger']))
    const crypto = await c.news({ category: 'crypto', limit: 500 })
    assert.deepEqual(
      crypto,
      week.filter((n) => n.category === 'crypto'),
    )
    assert.equal((await c.news({ limit: 3 })).length, 3)
    assert.deepEqual(await c.news({ limit: 3 }), week.slice(0, 3))
  })

  it('covers earnings around a report date, quoting the reported numbers', async () => {
    const event = (await content().calendar('2025-10-15', '2025-12-15', ['AAPL']))[0]!
    const day = new Date(`${event.date}T12:00:00Z`)
    const items = await content().news({
      symbols: ['AAPL'],
      category: 'earnings',
      since: new Date(day.getTime() - 5 * 86_400_000),
      until: new Date(day.getTime() + 5 * 86_400_000),
    })
    assert.ok(items.length >= 3, 'preview, result and reaction')
    assert.ok(items.some((n) => n.headline.includes(`$${event.eps_actual!.toFixed(2)}`)))
  })
})

describe('simulated earnings calendar', () => {
  it('has four events per stock and year, consecutive fiscal quarters, on weekdays', async () => {
    for (const year of [2024, 2027]) {
      const events = await content().calendar(`${year}-01-01`, `${year}-12-31`)
      for (const symbol of STOCKS) assert.equal(events.filter((e) => e.symbol === symbol).length, 4)
    }
    const events = await content().calendar('2025-01-01', '2025-12-31')
    for (const symbol of STOCKS) {
      // Fiscal quarters end with the calendar quarters or one or two months later.
      const mine = events.filter((e) => e.symbol === symbol).map((e) => e.year * 4 + e.quarter - 1)
      assert.deepEqual(
        mine.map((q) => q - mine[0]!),
        [0, 1, 2, 3],
        symbol,
      )
      assert.ok(mine[0] === 2024 * 4 + 2 || mine[0] === 2024 * 4 + 3, symbol)
    }
    for (const e of events) {
      assert.ok(![0, 6].includes(new Date(`${e.date}T00:00:00Z`).getUTCDay()), e.date)
      assert.ok(e.hour === 'bmo' || e.hour === 'amc')
    }
    assert.ok(!events.some((e) => e.symbol === 'SPY' || e.symbol === 'XLK'), 'funds do not report')
    for (let i = 1; i < events.length; i++) assert.ok(events[i - 1]!.date <= events[i]!.date)
  })

  it('gives actuals (a beat or a miss) for past events only', async () => {
    const events = await content().calendar('2025-06-01', '2026-12-31')
    const past = events.filter((e) => e.date < '2026-03-10')
    const future = events.filter((e) => e.date > '2026-03-10')
    assert.ok(past.length > 0 && future.length > 0)
    for (const e of past) {
      assert.ok(e.eps_actual !== null && e.revenue_actual !== null)
      assert.notEqual(e.eps_actual, e.eps_estimate)
      assert.ok(Math.abs(e.eps_actual / e.eps_estimate! - 1) < 0.2)
      assert.ok(e.revenue_actual > 1e8)
    }
    assert.ok(
      future.every((e) => e.eps_actual === null && e.revenue_actual === null && e.eps_estimate !== null),
    )
    assert.ok(
      past.some((e) => e.eps_actual! > e.eps_estimate!) && past.some((e) => e.eps_actual! < e.eps_estimate!),
    )
  })

  it('treats from and to as inclusive, filters symbols and rejects bad dates', async () => {
    const c = content()
    const event = (await c.calendar('2025-07-01', '2025-09-30', ['XOM']))[0]!
    assert.deepEqual(await c.calendar(event.date, event.date, ['xom']), [event])
    assert.deepEqual(await c.calendar(event.date, event.date, ['NOPE']), [])
    await assert.rejects(c.calendar('2025-13-01', '2025-12-31'), RangeError)
  })
})

describe('simulated transcripts', () => {
  it('exist only for past calls, newest first, matching the calendar', async () => {
    const c = content()
    const transcripts = await c.transcripts('AAPL', 6)
    const past = (await c.calendar('2024-01-01', '2026-03-10', ['AAPL'])).filter((e) => e.eps_actual !== null)
    assert.deepEqual(
      transcripts.map((t) => t.id),
      past
        .reverse()
        .slice(0, 6)
        .map((e) => `AAPL-${e.year}Q${e.quarter}`),
    )
    assert.ok(transcripts.every((t) => t.time <= new Date(NOW).toISOString()))
    assert.deepEqual(await c.transcripts('SPY', 4), [])
    assert.deepEqual(await c.transcripts('XLK', 4), [])
    assert.deepEqual(await c.transcripts('NOPE', 4), [])
    assert.equal((await c.transcripts('XOM', 2)).length, 2)
  })

  it('has Operator, CEO, CFO and analysts, with clear sentences on guidance, revenue, margins and risks', async () => {
    const c = content()
    const [latest] = await c.transcripts('SIM4', 1)
    assert.ok(latest)
    const event = (await c.calendar('2025-01-01', '2026-03-10', ['SIM4'])).find(
      (e) => e.quarter === latest.quarter && e.year === latest.year,
    )!
    const roles = new Set(latest.sections.map((s) => s.role))
    for (const role of ['Operator', 'CEO', 'CFO', 'Analyst']) assert.ok(roles.has(role), role)
    const all = latest.sections.flatMap((s) => sentences(s.text))
    for (const word of ['guidance', 'revenue', 'margin', 'risk']) {
      assert.ok(
        all.some((s) => s.toLowerCase().includes(word)),
        word,
      )
    }
    const text = latest.sections.map((s) => s.text).join(' ')
    assert.ok(text.includes(`$${event.eps_actual!.toFixed(2)}`), 'quotes the reported EPS')
    const revenue = event.revenue_actual!
    const quoted =
      revenue >= 1e9 ? `$${(revenue / 1e9).toFixed(2)} billion` : `$${(revenue / 1e6).toFixed(1)} million`
    assert.ok(text.includes(`Revenue for the quarter was ${quoted}`), 'quotes the reported revenue')
  })
})

describe('simulated insider transactions', () => {
  it('mix sales, grants and purchases across a year of a large universe, value = shares × price', async () => {
    const txs = await content().insiderTransactions(STOCKS, '2025-01-01', '2025-12-31')
    const codes = new Set(txs.map((t) => t.transaction_code))
    assert.deepEqual(codes, new Set(['P', 'S', 'A']))
    const count = (code: string) => txs.filter((t) => t.transaction_code === code).length
    assert.ok(count('S') > count('P') && count('A') > count('P'), 'mostly sales and grants')
    assert.ok(txs.length >= STOCKS.length * 8 && txs.length <= STOCKS.length * 24)
    for (const t of txs) {
      assert.ok(Number.isInteger(t.shares) && t.shares > 0)
      assert.ok(t.price !== null && t.value !== null)
      assert.ok(Math.abs(t.value - t.shares * t.price) < 0.01)
      assert.ok(t.transaction_code === 'A' ? t.price === 0 : t.price > 1)
      assert.ok(t.shares_owned_after !== null && t.shares_owned_after >= 0)
      assert.ok(t.insider_name.length > 0 && t.insider_title !== null)
    }
    for (let i = 1; i < txs.length; i++) assert.ok(txs[i - 1]!.transaction_date >= txs[i]!.transaction_date)
  })

  it('has inclusive date bounds and nothing after today or not yet filed', async () => {
    const c = content()
    const year = await c.insiderTransactions(['AAPL', 'XOM'], '2025-01-01', '2025-12-31')
    const day = year[Math.floor(year.length / 2)]!.transaction_date
    const sameDay = await c.insiderTransactions(['AAPL', 'XOM'], day, day)
    assert.deepEqual(
      sameDay,
      year.filter((t) => t.transaction_date === day),
    )
    const recent = await c.insiderTransactions(STOCKS, '2026-01-01', '2027-12-31')
    assert.ok(recent.length > 0)
    assert.ok(
      recent.every((t) => t.transaction_date <= '2026-03-10' && t.filed_at! <= new Date(NOW).toISOString()),
    )
    assert.deepEqual(await c.insiderTransactions(['SPY', 'XLK'], '2025-01-01', '2025-12-31'), [])
  })
})
