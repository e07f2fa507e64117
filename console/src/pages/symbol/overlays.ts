/**
 * What each technical-analysis overlay puts on the chart (markers, boxes) and in its table (one row per
 * detection: time, kind, price), built from the API's answers as they are. Times are ISO strings from
 * the API; the chart works in seconds since the epoch.
 */
import type { SeriesMarker, UTCTimestamp } from 'lightweight-charts'
import type { Box } from './boxes.ts'
import type { ApiOf } from './types.ts'
import { epochSeconds } from '../../ui/time.ts'

export type OverlayId = 'swings' | 'breaks' | 'fvg' | 'ob' | 'pd' | 'patterns'

export const OVERLAYS: { id: OverlayId; label: string; noun: string }[] = [
  { id: 'swings', label: 'Swings', noun: 'swings' },
  { id: 'breaks', label: 'BOS / CHoCH', noun: 'structure breaks' },
  { id: 'fvg', label: 'Fair value gaps', noun: 'fair value gaps' },
  { id: 'ob', label: 'Order blocks', noun: 'order blocks' },
  { id: 'pd', label: 'Premium / discount and OTE', noun: 'levels' },
  { id: 'patterns', label: 'Candlestick patterns', noun: 'patterns' },
]

export interface Colors {
  up: string
  down: string
  accent: string
  muted: string
}

export interface Row {
  time: string
  kind: string
  /** A price, or a zone's bottom and top. */
  price: number | [number, number]
}

export interface Drawn {
  markers: SeriesMarker<UTCTimestamp>[]
  boxes: Box[]
  rows: Row[]
}

export const seconds = epochSeconds
const at = (iso: string) => seconds(iso) as UTCTimestamp
const tone = (dir: string, c: Colors) => (dir === 'bullish' ? c.up : dir === 'bearish' ? c.down : c.muted)
const NAMED_PATTERNS = 8
const BREAK_NAMES = { bos: 'BOS', choch: 'CHoCH' } as const

export function swings(s: ApiOf<'/api/ta/structure/{symbol}'>, c: Colors): Drawn {
  return {
    boxes: [],
    markers: s.swings.map((w) => ({
      time: at(w.bar.time),
      position: w.kind === 'high' ? 'aboveBar' : 'belowBar',
      shape: 'circle',
      color: w.kind === 'high' ? c.down : c.up,
      text: w.label ?? '',
      size: 0.5,
    })),
    rows: s.swings.map((w) => ({
      time: w.bar.time,
      kind: `Swing ${w.kind}${w.label ? ` (${w.label})` : ''}`,
      price: w.price,
    })),
  }
}

export function breaks(e: ApiOf<'/api/ta/structure/{symbol}/events'>, c: Colors): Drawn {
  return {
    markers: e.items.map((b) => ({
      time: at(b.bar.time),
      position: b.direction === 'bullish' ? 'aboveBar' : 'belowBar',
      shape: b.direction === 'bullish' ? 'arrowUp' : 'arrowDown',
      color: tone(b.direction, c),
      text: BREAK_NAMES[b.type],
    })),
    boxes: e.items.map((b) => ({
      from: seconds(b.level.bar.time),
      to: seconds(b.bar.time),
      top: b.level.price,
      bottom: b.level.price,
      fill: 'transparent',
      stroke: tone(b.direction, c),
    })),
    rows: e.items.map((b) => ({
      time: b.bar.time,
      kind: `${BREAK_NAMES[b.type]} ${b.direction}`,
      price: b.level.price,
    })),
  }
}

export function fvgs(z: ApiOf<'/api/ta/ict/zones/{symbol}'>, c: Colors): Drawn {
  return {
    markers: [],
    boxes: z.fvgs.map((f) => ({
      from: seconds(f.time),
      to: f.filled ? seconds(f.filled.time) : null,
      top: f.top,
      bottom: f.bottom,
      fill: `${tone(f.direction, c)}2e`,
      stroke: `${tone(f.direction, c)}99`,
      label: 'FVG',
    })),
    rows: z.fvgs.map((f) => ({
      time: f.time,
      kind: `${f.direction} FVG, ${f.state === 'partially' ? 'partially filled' : f.state === 'fully' ? 'filled' : 'unmitigated'}`,
      price: [f.bottom, f.top],
    })),
  }
}

export function orderBlocks(z: ApiOf<'/api/ta/ict/zones/{symbol}'>, c: Colors): Drawn {
  return {
    markers: [],
    boxes: z.order_blocks.map((o) => ({
      from: seconds(o.time),
      to: o.failed ? seconds(o.failed.time) : null,
      top: o.top,
      bottom: o.bottom,
      fill: `${tone(o.direction, c)}22`,
      stroke: tone(o.direction, c),
      label: 'OB',
    })),
    rows: z.order_blocks.map((o) => ({
      time: o.time,
      kind: `${o.direction} order block, ${o.state}`,
      price: [o.bottom, o.top],
    })),
  }
}

export function premiumDiscount(p: ApiOf<'/api/ta/ict/zones/{symbol}/premium-discount'>, c: Colors): Drawn {
  const r = p.dealing_range
  if (!r) return { markers: [], boxes: [], rows: [] }
  const start = r.low.index < r.high.index ? r.low.time : r.high.time
  const from = seconds(start)
  const band = (top: number, bottom: number, fill: string, stroke?: string, label?: string): Box => ({
    from,
    to: null,
    top,
    bottom,
    fill,
    ...(stroke ? { stroke } : {}),
    ...(label ? { label } : {}),
  })
  return {
    markers: [],
    boxes: [
      band(r.high.price, r.equilibrium, `${c.down}14`, undefined, 'Premium'),
      band(r.equilibrium, r.low.price, `${c.up}14`, undefined, 'Discount'),
      band(r.equilibrium, r.equilibrium, 'transparent', c.muted, 'EQ'),
      band(r.ote.long.top, r.ote.long.bottom, `${c.accent}26`, c.accent, 'OTE long'),
      band(r.ote.short.top, r.ote.short.bottom, `${c.accent}26`, c.accent, 'OTE short'),
    ],
    rows: [
      { time: r.high.time, kind: 'Range high', price: r.high.price },
      { time: r.low.time, kind: 'Range low', price: r.low.price },
      { time: start, kind: 'Equilibrium (50 %)', price: r.equilibrium },
      {
        time: start,
        kind: 'OTE long (62–79 % retracement of the leg up)',
        price: [r.ote.long.bottom, r.ote.long.top],
      },
      {
        time: start,
        kind: 'OTE short (62–79 % retracement of the leg down)',
        price: [r.ote.short.bottom, r.ote.short.top],
      },
      {
        time: r.last.time,
        kind: `Last close in ${r.last.zone}${r.last.in_ote ? ', in the OTE' : ''}`,
        price: r.last.close,
      },
    ],
  }
}

export function patterns(p: ApiOf<'/api/ta/price-action/{symbol}'>, c: Colors): Drawn {
  return {
    boxes: [],
    // Newest first: only the latest few are named on the chart (the table names them all).
    markers: p.patterns.map((x, i) => ({
      time: at(x.time),
      position: x.direction === 'bearish' ? 'aboveBar' : x.direction === 'bullish' ? 'belowBar' : 'inBar',
      shape: 'square',
      color: tone(x.direction, c),
      text: i < NAMED_PATTERNS ? x.name : '',
      size: 0.5,
    })),
    rows: p.patterns.map((x) => ({
      time: x.time,
      kind: `${x.name} (${x.direction}, strength ${x.strength})`,
      price: x.candles.at(-1)?.close ?? 0,
    })),
  }
}
