/**
 * Wyckoff accumulation and distribution (docs/definitions.md#wyckoff; this project's own heuristics). Accumulation is
 * a state machine over the bars: SC (with its PS), AR, ST, Spring, SOS, LPS. Distribution runs the
 * same machine on the mirrored series (prices negated, so every rule mirrors exactly) and maps the
 * events back (BC, PSY, AR, ST, UTAD, SOW, LPSY). Each event is stamped on its bar and `confirmed`
 * at the first bar a live reader could know it (AR: when its window closes; LPS: the next bar).
 */
import type { Bar } from '../../../../providers/market-data/market-data.port.ts'
import { accumulationStep, startAt, type Machine } from './wyckoff-machine.ts'

export type Kind = 'accumulation' | 'distribution'
export type Phase = 'A' | 'B' | 'C' | 'D' | 'E'
export type Status = 'in_progress' | 'complete' | 'failed' | 'expired'
export type EventCode =
  'PS' | 'SC' | 'AR' | 'ST' | 'Spring' | 'SOS' | 'LPS' | 'PSY' | 'BC' | 'UTAD' | 'SOW' | 'LPSY'

/** Weights of the events in a schematic's confidence (sum 1; this project's own weights). */
export const EVENT_WEIGHTS = {
  PS: 0.05,
  SC: 0.2,
  AR: 0.15,
  ST: 0.15,
  Spring: 0.15,
  SOS: 0.2,
  LPS: 0.1,
} as const
export type AccEvent = keyof typeof EVENT_WEIGHTS
const DIST_NAME: Record<AccEvent, EventCode> = {
  PS: 'PSY',
  SC: 'BC',
  AR: 'AR',
  ST: 'ST',
  Spring: 'UTAD',
  SOS: 'SOW',
  LPS: 'LPSY',
}

export interface WyckoffEvent {
  event: EventCode
  index: number
  confirmed: number
  /** The numbers the rule compared (volume, averages, the level), in the original price sign. */
  values: Record<string, number>
}

export interface Schematic {
  kind: Kind
  status: Status
  phase: Phase
  confidence: number
  support: number | null
  resistance: number | null
  events: WyckoffEvent[]
  phases: { phase: Phase; from: number; to: number }[]
  /** The averages at the climax bar (the 10 bars before it). */
  climax: { avg_range: number; avg_volume: number } | null
}

function mirror(bars: readonly Bar[]): Bar[] {
  return bars.map((b) => ({ ...b, open: -b.open, high: -b.low, low: -b.high, close: -b.close }))
}

/** Price-valued keys flip sign back on the mirrored series. */
const PRICE_KEYS = new Set(['level', 'low', 'high', 'close', 'support', 'resistance'])

function phasesOf(events: WyckoffEvent[], end: number): Schematic['phases'] {
  const at = (e: AccEvent) => events.find((x) => x.event === e || x.event === DIST_NAME[e])
  const out: Schematic['phases'] = []
  const first = events[0]
  const st = at('ST')
  const spring = at('Spring')
  const sos = at('SOS')
  const lps = at('LPS')
  if (!first) return out
  out.push({ phase: 'A', from: first.index, to: st ? st.index : end })
  if (st) out.push({ phase: 'B', from: st.index + 1, to: spring ? spring.index - 1 : end })
  if (spring) out.push({ phase: 'C', from: spring.index, to: spring.index })
  if (sos) out.push({ phase: 'D', from: sos.index, to: lps ? lps.index : end })
  if (lps) out.push({ phase: 'E', from: lps.confirmed, to: end })
  return out.filter((p) => p.from <= p.to)
}

function currentPhase(m: Machine, upto: number): Phase {
  if (m.events.LPS && m.events.LPS.confirmed <= upto) return 'E'
  if (m.events.SOS) return 'D'
  if (m.events.Spring) return 'C'
  if (m.events.ST) return 'B'
  return 'A'
}

function toSchematic(m: Machine, kind: Kind, end: number): Schematic {
  const sign = kind === 'distribution' ? -1 : 1
  const events: WyckoffEvent[] = Object.entries(m.events)
    .map(([name, e]) => ({
      event: kind === 'distribution' ? DIST_NAME[name as AccEvent] : (name as EventCode),
      index: e.index,
      confirmed: e.confirmed,
      values: Object.fromEntries(
        Object.entries(e.values).map(([k, v]) => [k, PRICE_KEYS.has(k) ? sign * v : v]),
      ),
    }))
    .sort((a, b) => a.index - b.index)
  const confidence = Object.keys(m.events).reduce((s, k) => s + EVENT_WEIGHTS[k as AccEvent], 0)
  const lo = m.support === null ? null : sign * m.support
  const hi = m.resistance === null ? null : sign * m.resistance
  return {
    kind,
    status: m.status,
    phase: currentPhase(m, end),
    confidence: Math.round(confidence * 1000) / 1000,
    support: kind === 'distribution' ? hi : lo,
    resistance: kind === 'distribution' ? lo : hi,
    events,
    phases: phasesOf(events, end),
    climax: m.avgR === null ? null : { avg_range: m.avgR, avg_volume: m.avgV! },
  }
}

function run(bars: readonly Bar[], kind: Kind): Schematic[] {
  const out: Schematic[] = []
  let m: Machine | null = null
  for (let i = 0; i < bars.length; i++) {
    if (!m) {
      m = startAt(bars, i)
      continue
    }
    accumulationStep(m, bars, i)
    if (m.status !== 'in_progress') {
      // A complete schematic stays in phase E to the last bar; a failed or expired one ends here.
      out.push(toSchematic(m, kind, m.status === 'complete' ? bars.length - 1 : i))
      m = null
    }
  }
  if (m) out.push(toSchematic(m, kind, bars.length - 1))
  return out
}

/** Every schematic of both kinds found in the bars, oldest first within each kind. */
export function findWyckoff(bars: readonly Bar[]): { accumulation: Schematic[]; distribution: Schematic[] } {
  return { accumulation: run(bars, 'accumulation'), distribution: run(mirror(bars), 'distribution') }
}
