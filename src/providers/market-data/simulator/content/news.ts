/**
 * Simulated news, one New York day at a time: a few ticker items per symbol and week (more around
 * its earnings report) and a steady flow of general market news. A day's items depend only on
 * (seed, symbol, date), so a query window never changes what any day contains.
 */
import type { NewsItem } from '../../market-data.port.ts'
import type { EarningsModel } from './earnings.ts'
import type { GeneralCategory } from './news-general.ts'
import { GENERAL_TEMPLATES, marketLevel } from './news-general.ts'
import type { CompanyContext, Headline } from './news-templates.ts'
import {
  COMPANY_TEMPLATES,
  earningsPreview,
  earningsReaction,
  earningsResult,
  FUND_TEMPLATES,
} from './news-templates.ts'
import type { Company } from './shared.ts'
import { isOperating, sectorStyle } from './shared.ts'
import { hashHex, isWeekend, nyInstant, rand, shiftBusinessDays } from './random.ts'

const SOURCES = ['Sextant Newswire', 'Market Desk', 'Wall Street Ledger', 'Global Finance Daily', 'The Tape']

interface Draft {
  at: Date
  template: string
  category: string
  text: Headline
}

function toItem(seed: string, symbol: string | null, slot: number, d: Draft): NewsItem {
  const published = d.at.toISOString()
  const id = `sim-${hashHex([seed, symbol ?? '*', published, d.template, slot].join('|'))}`
  return {
    id,
    symbols: symbol ? [symbol] : [],
    headline: d.text[0],
    summary: d.text[1],
    source: SOURCES[Number.parseInt(id.slice(-2), 16) % SOURCES.length] ?? 'Sextant Newswire',
    url: `https://news.sextant.invalid/${d.category}/${id}`,
    category: d.category,
    published_at: published,
  }
}

export interface CompanyDay {
  company: Company
  date: string
  /** The company's share price that day, quoted by analyst notes. */
  price: number
  /** Its reports dated near `date` (the caller passes those of the surrounding year). */
  reports: readonly EarningsModel[]
}

/** Ticker news of one company on one New York date, in publication order. */
export function companyNewsOn(seed: string, { company, date, price, reports }: CompanyDay): NewsItem[] {
  const r = rand(seed, company.symbol, date, 'news')
  const style = sectorStyle(company.sector)
  const drafts: Draft[] = []
  // About four items a week: three-quarters of an item per weekday, the odd weekend story.
  const count = isWeekend(date) ? (r.chance(0.15) ? 1 : 0) : r.int(0, 1) + (r.chance(0.25) ? 1 : 0)
  // Funds get flow and trading stories rather than corporate ones; no template twice a day.
  const [templates, prefix] = !isOperating(company) ? [FUND_TEMPLATES, 'f'] : [COMPANY_TEMPLATES, 'c']
  const picks = r.sample(
    templates.map((_, index) => index),
    count,
  )
  for (const [i, index] of picks.entries()) {
    const ir = rand(seed, company.symbol, date, 'news', i)
    const minute = isWeekend(date) ? ir.int(8 * 60, 18 * 60) : ir.int(6 * 60, 20 * 60 - 1)
    const ctx: CompanyContext = {
      name: company.name,
      symbol: company.symbol,
      sector: style.label,
      product: ir.pick(style.products),
      risk: ir.pick(style.risks),
      price,
      r: ir,
    }
    const template = templates[index]
    if (!template) continue
    drafts.push({
      at: nyInstant(date, Math.floor(minute / 60), minute % 60),
      template: `${prefix}${index}`,
      category: 'company',
      text: template(ctx),
    })
  }
  for (const e of reports) {
    const er = rand(seed, company.symbol, e.year, e.quarter, 'earnings-news')
    if (date === shiftBusinessDays(e.date, -2)) {
      drafts.push({
        at: nyInstant(date, er.int(7, 11), er.int(0, 59)),
        template: 'preview',
        category: 'earnings',
        text: earningsPreview(company.name, e),
      })
    }
    if (date === e.date) {
      const at = new Date(e.releaseAt.getTime() + er.int(2, 9) * 60_000)
      drafts.push({ at, template: 'result', category: 'earnings', text: earningsResult(company.name, e) })
    }
    if (date === shiftBusinessDays(e.date, 1)) {
      drafts.push({
        at: nyInstant(date, 9, er.int(35, 59)),
        template: 'reaction',
        category: 'earnings',
        text: earningsReaction(company.name, e, er),
      })
    }
  }
  return drafts
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((d, slot) => toItem(seed, company.symbol, slot, d))
}

const WEEKDAY_MIX: readonly [GeneralCategory, number][] = [
  ['general', 0.45],
  ['forex', 0.2],
  ['crypto', 0.2],
  ['merger', 0.15],
]
// Crypto trades all weekend; desks covering deals and currencies mostly do not.
const WEEKEND_MIX: readonly [GeneralCategory, number][] = [
  ['crypto', 0.55],
  ['general', 0.35],
  ['forex', 0.1],
]

function pickCategory(mix: readonly [GeneralCategory, number][], u: number): GeneralCategory {
  let acc = 0
  for (const [category, weight] of mix) {
    acc += weight
    if (u < acc) return category
  }
  return mix[0]?.[0] ?? 'general'
}

/** General market news of one New York date, in publication order. */
export function generalNewsOn(seed: string, date: string): NewsItem[] {
  const weekend = isWeekend(date)
  const r = rand(seed, '*', date, 'news')
  const count = weekend ? r.int(2, 4) : r.int(6, 10)
  const drafts: Draft[] = []
  for (let i = 0; i < count; i++) {
    const ir = rand(seed, '*', date, 'news', i)
    const category = pickCategory(weekend ? WEEKEND_MIX : WEEKDAY_MIX, ir.next())
    const templates = GENERAL_TEMPLATES[category]
    const index = ir.int(0, templates.length - 1)
    const template = templates[index]
    if (!template) continue
    const minute = ir.int(5 * 60, 22 * 60)
    const level = (what: string, lo: number, hi: number) => marketLevel(seed, what, date, lo, hi)
    drafts.push({
      at: nyInstant(date, Math.floor(minute / 60), minute % 60),
      template: `${category}${index}`,
      category,
      text: template(ir, level),
    })
  }
  return drafts.sort((a, b) => a.at.getTime() - b.at.getTime()).map((d, slot) => toItem(seed, null, slot, d))
}
