/**
 * The scheduled evaluation of the other sources, per tenant with such rules:
 * - intraday_signal: the tenant's signals of the New York session (intraday module), created
 *   after the rule, of its symbol or of a holding, of the rule's setups → one firing per signal;
 * - options_flow: the tenant's flow readings of the latest session (options-flow module) of the
 *   rule's symbol in one of its directions → one per reading and direction;
 * - earnings_upcoming: reports dated today through today + days (content module) → one per report;
 * - insider_purchase: Form 4 open-market purchases of at least the value, dated at most
 *   FILING_LAG_DAYS before the rule was created (filings arrive days after the trade) → one each;
 * - drawdown_breach: the fall of the portfolio's NAV from its peak (portfolio analytics), a level.
 */
import type { Logger } from 'pino'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { latestSessionDate, nyDate } from '../../../kernel/calendar/nyse.ts'
import { addDays } from '../../../kernel/dates.ts'
import type { Content } from '../../market/content/index.ts'
import type { Intel } from '../../market/intel/index.ts'
import type { Portfolio } from '../../portfolio/index.ts'
import type { Intraday } from '../../trading-intel/intraday/index.ts'
import type { OptionsFlow } from '../../trading-intel/options-flow/index.ts'
import { drawdownFromPeak } from './lib/drawdown.ts'
import { compareDecimal, decimalOf } from './lib/params.ts'
import * as repo from './firing.repository.ts'
import { byKey, type LevelOutcome, type OccurrenceService } from './occurrence.service.ts'
import type { ReadPass, ReadsService } from './reads.service.ts'

export const FILING_LAG_DAYS = 3
const READ_MAX = 500

export const EVENT_TYPES = [
  'intraday_signal',
  'options_flow',
  'earnings_upcoming',
  'insider_purchase',
] as const

export interface EventsDeps {
  scopes: Scopes
  clock: Clock
  log: Logger
  portfolio: Pick<Portfolio, 'holdings' | 'analytics'>
  intraday: Pick<Intraday, 'signals'>
  optionsFlow: Pick<OptionsFlow, 'flow'>
  content: Pick<Content, 'earnings'>
  intel: Pick<Intel, 'insider'>
  occurrences: OccurrenceService
  reads: Pick<ReadsService, 'within'>
}

type Rule = repo.LiveRule
const after = (iso: string | Date, rule: Rule) =>
  new Date(iso).getTime() >= new Date(rule.created_at).getTime()

export class EventsService {
  constructor(private readonly deps: EventsDeps) {}

  async evaluate(): Promise<number[]> {
    const rules = await this.deps.scopes.withSystem('alerts: event rules', (s) =>
      repo.rulesOfTypes(s, [...EVENT_TYPES, 'drawdown_breach']),
    )
    const fired: number[] = []
    for (const [tenantId, group] of byKey(rules, (r) => r.tenant_id)) {
      try {
        fired.push(...(await this.deps.reads.within((pass) => this.tenant(pass, tenantId, group))))
      } catch (err) {
        this.deps.log.warn({ err, tenant_id: tenantId }, 'alerts: event evaluation failed')
      }
    }
    return fired
  }

  private async tenant(pass: ReadPass, tenantId: number, rules: Rule[]): Promise<number[]> {
    const of = (t: string) => rules.filter((r) => r.alert_type === t)
    const needsHeld = rules.some((r) => r.params.target === 'holdings')
    const held = needsHeld
      ? new Set((await this.deps.portfolio.holdings.latest(tenantId)).map((h) => h.symbol.toUpperCase()))
      : new Set<string>()
    const matches = (r: Rule, symbol: string) =>
      r.params.target === 'holdings'
        ? held.has(symbol.toUpperCase())
        : r.params.symbol === symbol.toUpperCase()
    const ids: (number | null)[] = []
    ids.push(...(await this.signals(tenantId, of('intraday_signal'), matches)))
    ids.push(...(await this.flow(tenantId, of('options_flow'), matches)))
    ids.push(...(await this.earnings(of('earnings_upcoming'), held)))
    ids.push(...(await this.insider(pass, of('insider_purchase'), held)))
    ids.push(...(await this.drawdown(pass, of('drawdown_breach'))))
    return ids.filter((x): x is number => x !== null)
  }

  private async signals(tenantId: number, rules: Rule[], matches: (r: Rule, s: string) => boolean) {
    if (!rules.length) return []
    const signals = await this.deps.intraday.signals.onDate(tenantId, nyDate(this.deps.clock.now()), READ_MAX)
    const out: (number | null)[] = []
    for (const r of rules)
      for (const s of signals)
        if (matches(r, s.symbol) && (r.params.setups as string[]).includes(s.setup) && after(s.created_at, r))
          out.push(
            await this.deps.occurrences.event(r, `signal:${s.id}`, {
              symbol: s.symbol,
              setup: s.setup,
              direction: s.direction,
              price: s.price,
              confidence: s.confidence,
              trigger_time: s.trigger_time,
              signal_id: s.id,
            }),
          )
    return out
  }

  private async flow(tenantId: number, rules: Rule[], matches: (r: Rule, s: string) => boolean) {
    if (!rules.length) return []
    const date = latestSessionDate(this.deps.clock.now())
    const readings = await this.deps.optionsFlow.flow.onDate(tenantId, date, READ_MAX)
    const out: (number | null)[] = []
    for (const r of rules)
      for (const f of readings)
        if (
          matches(r, f.symbol) &&
          (r.params.directions as string[]).includes(f.direction) &&
          after(f.updated_at, r)
        )
          out.push(
            await this.deps.occurrences.event(r, `flow:${f.id}:${f.direction}`, {
              symbol: f.symbol,
              direction: f.direction,
              confidence: f.confidence,
              trading_date: f.trading_date,
              reading_id: f.id,
            }),
          )
    return out
  }

  private async earnings(rules: Rule[], held: Set<string>) {
    const out: (number | null)[] = []
    const today = nyDate(this.deps.clock.now())
    for (const r of rules) {
      const symbols = r.params.target === 'holdings' ? [...held].sort() : [String(r.params.symbol)]
      if (!symbols.length) continue
      const to = addDays(today, Number(r.params.days))
      const page = await this.deps.content.earnings.calendar({ from: today, to, symbols }, { page_size: 100 })
      for (const e of page.items)
        out.push(
          await this.deps.occurrences.event(r, `earnings:${e.symbol}:${e.date}`, {
            symbol: e.symbol,
            date: e.date,
            hour: e.hour,
            days: r.params.days,
          }),
        )
    }
    return out
  }

  private async insider(pass: ReadPass, rules: Rule[], held: Set<string>) {
    const out: (number | null)[] = []
    for (const r of rules) {
      const symbols = r.params.target === 'holdings' ? [...held].sort() : [String(r.params.symbol)]
      if (!symbols.length) continue
      const min = String(r.params.min_value)
      const since = addDays(nyDate(new Date(r.created_at)), -FILING_LAG_DAYS)
      const res = await pass.as(r, 'insider purchases', (scope) =>
        this.deps.intel.insider.insiderBuying(scope, {
          min_value_usd: Number(min),
          days: 30,
          symbols,
          page_size: 100,
        }),
      )
      for (const p of res?.items ?? []) {
        const value = p.value === null ? null : decimalOf(p.value)
        if (value === null || compareDecimal(value, min) < 0 || p.transaction_date < since) continue
        const key = `insider:${p.symbol}:${p.transaction_date}:${p.insider_name}:${p.shares}`
        out.push(await this.deps.occurrences.event(r, key, { ...p, min_value: min }))
      }
    }
    return out
  }

  private async drawdown(pass: ReadPass, rules: Rule[]) {
    const outcomes: LevelOutcome[] = []
    for (const r of rules) {
      const aum = await pass.as(r, 'portfolio value history', (scope) =>
        this.deps.portfolio.analytics.aum(scope, {}),
      )
      const dd = aum && drawdownFromPeak(aum.history.map((p) => p.nav))
      if (!dd) continue
      const holds = compareDecimal(dd.percent, decimalOf(r.params.percent)!) >= 0
      outcomes.push({
        rule: r,
        holds,
        values: { drawdown_pct: dd.percent, peak_nav: dd.peak, nav: dd.latest, percent: r.params.percent },
      })
    }
    return this.deps.occurrences.level(outcomes)
  }
}
