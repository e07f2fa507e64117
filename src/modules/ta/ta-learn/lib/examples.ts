/**
 * Worked examples: one small computation per example kind over live bars (oldest first), returning
 * the numbers and the bars that justify them. Pure; the service reads the bars.
 */
import type { Bar } from '../../../../providers/market-data/index.ts'
import type { ExampleKind } from './catalog.types.ts'
import { fairValueGaps } from '../../ta-ict/index.ts'
import { breaks, pivots, SWING_L, SWING_R, trendOf } from './swings.ts'

export type ExampleValue = number | string | boolean | null

/** Pivot widths; daily examples use the defaults (swings.ts). */
export interface SwingOpts {
  l: number
  r: number
}
const DEFAULT_OPTS: SwingOpts = { l: SWING_L, r: SWING_R }

export interface ExamplePoint {
  label: string
  time: string
  price: number
}

export interface ExampleReading {
  summary: string
  values: Record<string, ExampleValue>
  points: ExamplePoint[]
}

/** Bars averaged for the volume example (the reversal score’s volume term uses 20). */
export const VOLUME_LOOKBACK = 20
/** OTE band edges and sweet spot. */
export const OTE = { shallow: 0.62, deep: 0.79, sweet: 0.705 }

const r6 = (x: number) => Math.round(x * 1e6) / 1e6
const pt = (bars: readonly Bar[], i: number, label: string, price: number): ExamplePoint => ({
  label,
  time: bars[i]!.time,
  price: r6(price),
})

function swingsReading(bars: readonly Bar[], o: SwingOpts): ExampleReading {
  const ps = pivots(bars, o.l, o.r)
  const highs = ps.filter((p) => p.kind === 'high').slice(-3)
  const lows = ps.filter((p) => p.kind === 'low').slice(-3)
  const points = [...highs, ...lows]
    .sort((a, b) => a.index - b.index)
    .map((p) => pt(bars, p.index, `swing ${p.kind}`, p.price))
  const last = (xs: typeof highs) => (xs.length ? r6(xs.at(-1)!.price) : null)
  return {
    summary: `${ps.length} confirmed swings with L = ${o.l}, R = ${o.r}; latest high ${last(highs)}, latest low ${last(lows)}.`,
    values: { l: o.l, r: o.r, swings: ps.length, last_high: last(highs), last_low: last(lows) },
    points,
  }
}

function trendReading(bars: readonly Bar[], o: SwingOpts): ExampleReading {
  const ps = pivots(bars, o.l, o.r)
  const t = trendOf(ps)
  const points = ps.slice(-4).map((p) => pt(bars, p.index, p.label ?? `first ${p.kind}`, p.price))
  return {
    summary: `Last swing high ${t.high ?? 'unlabelled'}, last swing low ${t.low ?? 'unlabelled'} → ${t.trend}.`,
    values: { trend: t.trend, last_high_label: t.high, last_low_label: t.low },
    points,
  }
}

function breaksReading(bars: readonly Bar[], o: SwingOpts): ExampleReading {
  const b = breaks(bars, o.l, o.r).at(-1)
  if (!b)
    return {
      summary: 'No close beyond a confirmed swing in the bars read.',
      values: { event: null },
      points: [],
    }
  const close = bars[b.index]!.close
  return {
    summary: `${b.kind.toUpperCase()} ${b.direction}: close ${r6(close)} beyond the swing at ${r6(b.level)}.`,
    values: { event: b.kind, direction: b.direction, level: r6(b.level), close: r6(close) },
    points: [pt(bars, b.level_index, 'broken swing', b.level), pt(bars, b.index, 'breaking close', close)],
  }
}

function candleReading(bars: readonly Bar[]): ExampleReading {
  const i = bars.length - 1
  const { open: o, high: h, low: l, close: c } = bars[i]!
  const body = Math.abs(c - o)
  const range = h - l
  const upper = h - Math.max(o, c)
  const lower = Math.min(o, c) - l
  const ratio = range > 0 ? r6(body / range) : null
  const doji = ratio !== null && ratio <= 0.1
  return {
    summary: `Latest candle: body ${r6(body)}, range ${r6(range)}, upper ${r6(upper)}, lower ${r6(lower)}, body/range ${ratio}.`,
    values: {
      open: o,
      high: h,
      low: l,
      close: c,
      body: r6(body),
      range: r6(range),
      upper: r6(upper),
      lower: r6(lower),
      body_to_range: ratio,
      doji,
    },
    points: [pt(bars, i, 'candle', c)],
  }
}

/** The latest gap as ta-ict finds it, so the lesson shows exactly what the zones route reports. */
function fvgReading(bars: readonly Bar[]): ExampleReading {
  const g = fairValueGaps(bars).at(-1)
  if (!g) return { summary: 'No three-candle gap in the bars read.', values: { direction: null }, points: [] }
  return {
    summary: `Latest ${g.direction} FVG at ${g.time}: ${r6(g.bottom)}–${r6(g.top)}, ${g.touched ? 'mitigated' : 'not mitigated'}.`,
    values: {
      direction: g.direction,
      top: r6(g.top),
      bottom: r6(g.bottom),
      ce: r6(g.ce),
      mitigated_at: g.touched?.time ?? null,
      ce_at: g.ce_hit?.time ?? null,
      filled_at: g.filled?.time ?? null,
    },
    points: [pt(bars, g.index, 'gap candle', bars[g.index]!.close)],
  }
}

function rangeReading(bars: readonly Bar[], o: SwingOpts): ExampleReading {
  const ps = pivots(bars, o.l, o.r)
  const hiP = ps.filter((p) => p.kind === 'high').at(-1)
  const loP = ps.filter((p) => p.kind === 'low').at(-1)
  if (!hiP || !loP || hiP.price <= loP.price) {
    return {
      summary: 'No dealing range: a confirmed swing high and low are needed.',
      values: { eq: null },
      points: [],
    }
  }
  const hi = hiP.price
  const lo = loP.price
  const R = hi - lo
  const up = loP.index < hiP.index
  const close = bars.at(-1)!.close
  const position = r6((close - lo) / R)
  const ote = up ? [hi - OTE.deep * R, hi - OTE.shallow * R] : [lo + OTE.shallow * R, lo + OTE.deep * R]
  return {
    summary: `Range ${r6(lo)}–${r6(hi)}, EQ ${r6((hi + lo) / 2)}; close ${r6(close)} at position ${position} (${position >= 0.5 ? 'premium' : 'discount'}).`,
    values: {
      lo: r6(lo),
      hi: r6(hi),
      eq: r6((hi + lo) / 2),
      position,
      zone: position >= 0.5 ? 'premium' : 'discount',
      leg: up ? 'up' : 'down',
      ote_low: r6(ote[0]!),
      ote_high: r6(ote[1]!),
    },
    points: [pt(bars, loP.index, 'range low', lo), pt(bars, hiP.index, 'range high', hi)],
  }
}

function volumeReading(bars: readonly Bar[]): ExampleReading {
  const i = bars.length - 1
  const prior = bars.slice(Math.max(0, i - VOLUME_LOOKBACK), i)
  const avg = prior.length ? prior.reduce((s, b) => s + b.volume, 0) / prior.length : null
  const ratio = avg ? r6(bars[i]!.volume / avg) : null
  return {
    summary: `Latest volume ${bars[i]!.volume} vs the ${prior.length}-bar average ${avg === null ? null : Math.round(avg)}: ${ratio}×.`,
    values: {
      volume: bars[i]!.volume,
      average: avg === null ? null : r6(avg),
      ratio,
      climactic: ratio !== null && ratio >= 2,
    },
    points: [pt(bars, i, 'latest bar', bars[i]!.close)],
  }
}

const READERS: Record<ExampleKind, (bars: readonly Bar[], o: SwingOpts) => ExampleReading> = {
  swings: swingsReading,
  trend: trendReading,
  breaks: breaksReading,
  candle: candleReading,
  fvg: fvgReading,
  range: rangeReading,
  volume: volumeReading,
}

/** The reading of `kind` over non-empty bars. */
export const readExample = (kind: ExampleKind, bars: readonly Bar[], o = DEFAULT_OPTS): ExampleReading =>
  READERS[kind](bars, o)
