/** The analysis (bar indexes) in its wire shape: every index with its time and the OHLC values used. */
import type { Bar } from '../../../../providers/market-data/market-data.port.ts'
import { anatomy } from './anatomy.ts'
import { CANDLES, type CandleHit } from './candles.ts'
import { WEIGHTS, type Reversal } from './reversals.ts'
import type { Schematic } from './wyckoff.ts'
import type { BarRefT, CandlesOutT, ReversalsOutT, WyckoffOutT } from '../price-action.schemas.ts'

type Out<T> = T extends (infer U)[] ? U : never

export function barRef(bars: readonly Bar[], index: number): BarRefT {
  const b = bars[index]!
  return { index, time: b.time, open: b.open, high: b.high, low: b.low, close: b.close, volume: b.volume }
}

export function candleOut(bars: readonly Bar[], h: CandleHit): Out<CandlesOutT['patterns']> {
  const candles = []
  for (let k = h.first; k <= h.index; k++) {
    const a = anatomy(bars[k]!)
    candles.push({
      ...barRef(bars, k),
      body: a.body,
      range: a.range,
      upper_shadow: a.upper,
      lower_shadow: a.lower,
    })
  }
  return {
    pattern: h.pattern,
    name: CANDLES.find((c) => c.id === h.pattern)!.name,
    direction: h.direction,
    strength: h.strength,
    index: h.index,
    time: bars[h.index]!.time,
    context: h.context,
    candles,
    values: h.values,
  }
}

export function reversalOut(bars: readonly Bar[], r: Reversal): Out<ReversalsOutT['reversals']> {
  const candles = []
  for (let k = r.first; k <= r.index; k++) candles.push(barRef(bars, k))
  const swing = r.location.swing
  return {
    direction: r.direction,
    patterns: r.patterns,
    index: r.index,
    time: bars[r.index]!.time,
    status: r.status,
    trigger: r.trigger,
    resolved: r.resolved_index === null ? null : barRef(bars, r.resolved_index),
    score: Math.round(r.score * 1e6) / 1e6,
    terms: { pattern: 1, location: 1, volume: r.volume.spike ? 1 : 0 },
    context: r.context,
    location: { ...r.location, swing: swing && { ...swing, time: bars[swing.index]!.time } },
    volume: r.volume,
    atr: r.atr,
    candles,
  }
}

export function schematicOut(bars: readonly Bar[], s: Schematic): NonNullable<WyckoffOutT['current']> {
  const t = (i: number) => bars[i]!.time
  return {
    kind: s.kind,
    status: s.status,
    phase: s.phase,
    confidence: s.confidence,
    support: s.support,
    resistance: s.resistance,
    climax: s.climax,
    events: s.events.map((e) => ({
      event: e.event,
      index: e.index,
      time: t(e.index),
      confirmed_index: e.confirmed,
      confirmed_time: t(e.confirmed),
      bar: barRef(bars, e.index),
      values: e.values,
    })),
    phases: s.phases.map((p) => ({
      phase: p.phase,
      from_index: p.from,
      to_index: p.to,
      from_time: t(p.from),
      to_time: t(p.to),
    })),
  }
}

/** Reversal score weights, for the descriptions. */
export const REVERSAL_WEIGHTS = WEIGHTS
