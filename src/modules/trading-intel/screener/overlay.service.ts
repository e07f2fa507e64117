/**
 * The per-request columns of a screen: the caller's own data, computed only when the screen spec uses a
 * field of it (filter, sort or column), never stored in the shared snapshot.
 * - held: 1 when the caller's current holdings hold the symbol (a non-zero quantity);
 * - sector_weight_in_portfolio: Σ |market value| of the holdings in the symbol's sector / Σ |market
 *   value| of all holdings × 100; null without a sector or with an empty portfolio;
 * - correlation_to_portfolio: Pearson correlation (correlation kernel, simple daily returns, at least
 *   20 pairs) of the symbol's closes with the portfolio value series Σ quantity × close of the current
 *   holdings over the 90 daily returns up to the snapshot's session (dates where every held symbol
 *   has a close);
 * - intraday_setup / options_flow / opportunity_score: the caller's stored intraday signals, options-
 *   flow readings and opportunity scores of the snapshot's session (the latest per symbol).
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import { correlationMatrix } from '../../../kernel/quant/index.ts'
import type { Discovery } from '../discovery/index.ts'
import type { Intraday } from '../intraday/index.ts'
import type { OptionsFlow } from '../options-flow/index.ts'
import type { Portfolio } from '../../portfolio/index.ts'
import { PORTFOLIO_FIELDS } from './lib/catalog.ts'
import type { Snapshot } from './lib/snapshot.ts'
import type { Built } from './snapshot-build.service.ts'

export const CORRELATION_MIN_PAIRS = 20
const SIGNAL_LIMIT = 500

export interface OverlayDeps {
  holdings: Pick<Portfolio['holdings'], 'latest'>
  signals: Pick<Intraday['signals'], 'onDate'>
  flow: Pick<OptionsFlow['flow'], 'onDate'>
  opportunities: Pick<Discovery['opportunities'], 'list'>
}

export class OverlayService {
  constructor(private readonly deps: OverlayDeps) {}

  /**
   * The snapshot the screen runs on: `built`'s, with the caller's signal columns filled when
   * `fields` names them, and the overlay of the portfolio fields `fields` names.
   */
  async apply(
    scope: RequestScope,
    built: Built,
    fields: ReadonlySet<string>,
    past: boolean,
  ): Promise<{ snapshot: Snapshot; overlay: Map<string, Float64Array> }> {
    const snap = built.snapshot
    const overlay = new Map<string, Float64Array>()
    if (PORTFOLIO_FIELDS.some((f) => fields.has(f))) await this.portfolio(scope, built, fields, overlay)
    if (past) return { snapshot: snap, overlay }
    const strings = new Map(snap.strings)
    if (fields.has('intraday_setup')) strings.set('intraday_setup', await this.setups(scope, snap))
    if (fields.has('options_flow')) strings.set('options_flow', await this.flows(scope, snap))
    if (fields.has('opportunity_score')) overlay.set('opportunity_score', await this.scores(scope, snap))
    return { snapshot: { ...snap, strings }, overlay }
  }

  private async portfolio(
    scope: RequestScope,
    built: Built,
    fields: ReadonlySet<string>,
    out: Map<string, Float64Array>,
  ) {
    const snap = built.snapshot
    const n = snap.symbols.length
    const holdings = (await this.deps.holdings.latest(scope.tenantId)).filter((h) => h.quantity !== 0)
    const quantity = new Map<string, number>()
    for (const h of holdings) quantity.set(h.symbol, (quantity.get(h.symbol) ?? 0) + h.quantity)
    const sector = snap.strings.get('sector')!
    if (fields.has('held'))
      out.set(
        'held',
        Float64Array.from(snap.symbols, (s) => (quantity.has(s) ? 1 : 0)),
      )
    if (fields.has('sector_weight_in_portfolio')) {
      const row = new Map(snap.symbols.map((s, i) => [s, i]))
      const bySector = new Map<string, number>()
      let total = 0
      for (const h of holdings) {
        const v = Math.abs(h.market_value)
        total += v
        const sec = row.has(h.symbol) ? sector[row.get(h.symbol)!] : null
        if (sec) bySector.set(sec, (bySector.get(sec) ?? 0) + v)
      }
      const col = new Float64Array(n).fill(NaN)
      if (total > 0)
        for (let i = 0; i < n; i++) if (sector[i]) col[i] = ((bySector.get(sector[i]!) ?? 0) / total) * 100
      out.set('sector_weight_in_portfolio', col)
    }
    if (fields.has('correlation_to_portfolio'))
      out.set('correlation_to_portfolio', correlations(built, quantity))
  }

  private async setups(scope: RequestScope, snap: Snapshot): Promise<Array<string | null>> {
    const signals = await this.deps.signals.onDate(scope.tenantId, snap.as_of, SIGNAL_LIMIT)
    const latest = new Map<string, string>()
    // In trigger order: the last one of a symbol wins.
    for (const s of signals) latest.set(s.symbol, s.setup)
    return snap.symbols.map((s) => latest.get(s) ?? null)
  }

  private async flows(scope: RequestScope, snap: Snapshot): Promise<Array<string | null>> {
    const rows = await this.deps.flow.onDate(scope.tenantId, snap.as_of, SIGNAL_LIMIT)
    const latest = new Map<string, { at: string; direction: string }>()
    for (const r of rows) {
      const prev = latest.get(r.symbol)
      if (!prev || r.updated_at > prev.at) latest.set(r.symbol, { at: r.updated_at, direction: r.direction })
    }
    return snap.symbols.map((s) => latest.get(s)?.direction ?? null)
  }

  private async scores(scope: RequestScope, snap: Snapshot): Promise<Float64Array> {
    const { items } = await this.deps.opportunities.list(scope, { limit: SIGNAL_LIMIT })
    const score = new Map(items.map((o) => [o.symbol, o.score]))
    return Float64Array.from(snap.symbols, (s) => score.get(s) ?? NaN)
  }
}

/** Each symbol's correlation with the portfolio value series (NaN: too few pairs, nothing held). */
function correlations(built: Built, quantity: ReadonlyMap<string, number>): Float64Array {
  const n = built.snapshot.symbols.length
  const out = new Float64Array(n).fill(NaN)
  // Holdings the market data does not list have no closes: they are left out of the series.
  const held = [...quantity.keys()].flatMap((s) =>
    built.closes.has(s) ? [[s, built.closes.get(s)] as const] : [],
  )
  if (!held.length) return out
  const maps = held.map(
    ([s, c]) => [quantity.get(s)!, new Map(c!.dates.map((d, i) => [d, c!.closes[i]!]))] as const,
  )
  const axis = held[0]![1]!.dates.filter((d) => maps.every(([, m]) => m.has(d)))
  const value = Float64Array.from(axis, (d) => maps.reduce((sum, [q, m]) => sum + q * m.get(d)!, 0))
  built.snapshot.symbols.forEach((symbol, i) => {
    const c = built.closes.get(symbol)
    if (!c) return
    const byDate = new Map(c.dates.map((d, k) => [d, c.closes[k]!]))
    const closes = Float64Array.from(axis, (d) => byDate.get(d) ?? NaN)
    out[i] = correlationMatrix([closes, value], { minPairs: CORRELATION_MIN_PAIRS })[1]!
  })
  return out
}
