/**
 * Quote evaluation: after a market refresh (its prices) and on the schedule during the session (a
 * quote fetch for every symbol an enabled rule names), the price, % move and watchlist rules of
 * those symbols go through the symbol-indexed engine (lib/engine.ts) and the outcomes through the
 * frequency rules. Watchlist rules read their list's members with the members' quotes.
 */
import type { Logger } from 'pino'
import type { Scopes } from '../../../platform/db/index.ts'
import { isUpstreamError } from '../../../platform/upstream-errors.ts'
import type { MarketDataProvider, Quote } from '../../../providers/market-data/index.ts'
import type { Watchlists } from '../../workspace/watchlists/index.ts'
import { RuleIndex, type Direction, type QuoteRule, type Tick } from './lib/engine.ts'
import * as repo from './firing.repository.ts'
import type { ReadPass, ReadsService } from './reads.service.ts'
import type { OccurrenceService } from './occurrence.service.ts'

export const QUOTE_TYPES = ['price_above', 'price_below', 'percent_move'] as const

export interface QuoteDeps {
  scopes: Scopes
  log: Logger
  market: Pick<MarketDataProvider, 'quotes'>
  watchlists: Pick<Watchlists['watchlists'], 'items'>
  occurrences: OccurrenceService
  reads: Pick<ReadsService, 'within'>
}

const engineRule = (r: repo.LiveRule, symbols: readonly string[]): QuoteRule => ({
  id: r.id,
  type: r.alert_type as QuoteRule['type'],
  symbols,
  level: String(r.alert_type.startsWith('price_') ? r.params.threshold : r.params.percent),
  ...(r.params.direction ? { direction: r.params.direction as Direction } : {}),
})

export class QuotesService {
  constructor(private readonly deps: QuoteDeps) {}

  /**
   * Evaluates the rules of `symbols` (all rule symbols when absent) and every watchlist rule.
   * `prices` (a market refresh's) take precedence over the fetched quotes' last price.
   */
  evaluate(symbols?: string[], prices?: ReadonlyMap<string, number>): Promise<number[]> {
    return this.deps.reads.within((pass) => this.pass(pass, symbols, prices))
  }

  private async pass(
    pass: ReadPass,
    symbols: string[] | undefined,
    prices: ReadonlyMap<string, number> | undefined,
  ): Promise<number[]> {
    const { bound, lists } = await this.deps.scopes.withSystem('alerts: quote rules', async (s) => ({
      bound: await repo.rulesForSymbols(s, symbols ?? (await repo.ruleSymbols(s))),
      lists: await repo.rulesOfTypes(s, ['watchlist_move']),
    }))
    const quoteRules = bound.filter((r) => (QUOTE_TYPES as readonly string[]).includes(r.alert_type))
    const members = await this.members(pass, lists)
    const wanted = [...new Set([...quoteRules.map((r) => r.symbol!), ...[...members.values()].flat()])].sort()
    if (!wanted.length) return []
    const quotes = await this.quotes(wanted)
    if (!quotes) return []
    const ticks: Tick[] = quotes.map((q) => ({
      symbol: q.symbol.toUpperCase(),
      price: prices?.get(q.symbol.toUpperCase()) ?? q.last,
      changePct: Number.isFinite(q.change_pct) ? q.change_pct : null,
    }))
    const rules = [
      ...quoteRules.map((r) => engineRule(r, [r.symbol!])),
      ...lists.filter((r) => members.has(r.id)).map((r) => engineRule(r, members.get(r.id)!)),
    ]
    const live = new Map([...quoteRules, ...lists].map((r) => [r.id, r]))
    const outcomes = new RuleIndex(rules).evaluate(ticks)
    return this.deps.occurrences.level(
      outcomes.map((o) => ({ rule: live.get(o.rule.id)!, holds: o.holds, values: o.values })),
    )
  }

  private async quotes(symbols: string[]): Promise<Quote[] | null> {
    try {
      return await this.deps.market.quotes(symbols)
    } catch (err) {
      if (!isUpstreamError(err)) throw err
      this.deps.log.warn({ err }, 'alerts: quotes unavailable, evaluation skipped')
      return null
    }
  }

  /** Each watchlist rule's member symbols (a list that no longer exists has none). */
  private async members(pass: ReadPass, rules: repo.LiveRule[]): Promise<Map<number, string[]>> {
    const out = new Map<number, string[]>()
    for (const r of rules) {
      const list = await pass.as(r, 'watchlist', (scope) =>
        this.deps.watchlists.items(scope, String(r.params.list_name)),
      )
      if (list?.items.length)
        out.set(
          r.id,
          list.items.map((i) => i.symbol),
        )
    }
    return out
  }
}
