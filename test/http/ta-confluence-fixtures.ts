/** Shared by the ta-confluence tests: fake layers with known scores and occurrences, built daily bars. */
import type { PatternOccurrence, TaLayer, TaLayerName } from '../../src/platform/ta-layer.ts'
import type { Bar } from '../../src/providers/market-data/index.ts'
import type { Zone, ZoneLayer } from '../../src/modules/ta/ta-confluence/index.ts'
import { weekdaysUntil } from './risk-fixtures.ts'

export { RiskMarket } from './risk-fixtures.ts'

/** Daily bars on the weekdays ending `last`: open = previous close (the first: its own close). */
export function dailyBars(last: string, closes: readonly number[], volumes?: readonly number[]): Bar[] {
  const dates = weekdaysUntil(last, closes.length)
  return closes.map((c, i) => {
    const open = i === 0 ? c : closes[i - 1]!
    return {
      time: `${dates[i]}T05:00:00.000Z`,
      open,
      high: Math.max(open, c),
      low: Math.min(open, c),
      close: c,
      volume: volumes?.[i] ?? 100,
      vwap: null,
    }
  })
}

/** A fixed-score layer; its one pattern `up_close` occurs (bullish) at each close above the previous. */
export function fakeLayer(
  layer: TaLayerName,
  score: number | null,
  evidence: Record<string, unknown> = {},
): TaLayer {
  return {
    layer,
    patterns: [
      {
        id: 'up_close',
        layer,
        name: 'Up close',
        description: 'A close above the previous close.',
        directions: ['bullish'],
      },
    ],
    occurrences(bars, patternId): PatternOccurrence[] {
      if (patternId !== 'up_close') return []
      return bars.flatMap((b, i) =>
        i > 0 && b.close > bars[i - 1]!.close ? [{ index: i, direction: 'bullish' }] : [],
      )
    },
    score: () => ({ score, evidence }),
  }
}

/** A fake ICT layer that also lists zones. */
export function fakeIct(score: number | null, zones: Zone[]): ZoneLayer {
  return { ...fakeLayer('ict', score), zones: () => zones }
}
