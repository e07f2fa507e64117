/**
 * The technical analyst: daily closes against their 50- and 200-day averages, RSI(14) and the
 * MACD(12, 26, 9) histogram, four components of ±0.25 each (quant kernels, src/kernel/quant):
 * - close above SMA50 → +0.25, below → −0.25 (equal: 0); the same for SMA200;
 * - RSI ≥ 70 (overbought) → −0.25, RSI ≤ 30 (oversold) → +0.25, between: 0.25·(RSI − 50)/20;
 * - MACD histogram > 0 → +0.25, < 0 → −0.25.
 * score = the sum of the components that have enough history; confidence = that count / 4.
 * Fewer than MIN_BARS closes (the MACD histogram's first value) → unavailable.
 */
import { macd, rsi, sma } from '../../../../kernel/quant/index.ts'
import { num, opinion, unavailable, type Opinion } from './opinion.ts'

export const MIN_BARS = 34
export const COMPONENT = 0.25
export const RSI_OVERBOUGHT = 70
export const RSI_OVERSOLD = 30

const side = (x: number, ref: number): number | null =>
  Number.isFinite(ref) ? (x > ref ? COMPONENT : x < ref ? -COMPONENT : 0) : null

export function rsiComponent(r: number): number | null {
  if (!Number.isFinite(r)) return null
  if (r >= RSI_OVERBOUGHT) return -COMPONENT
  if (r <= RSI_OVERSOLD) return COMPONENT
  return (COMPONENT * (r - 50)) / 20
}

export function technicalOpinion(closes: readonly number[]): Opinion {
  if (closes.length < MIN_BARS)
    return unavailable('technical', `insufficient_history: ${closes.length} daily bars, ${MIN_BARS} needed`)
  const last = closes.length - 1
  const close = closes[last]!
  const sma50 = sma(closes, 50)[last]!
  const sma200 = sma(closes, 200)[last]!
  const rsi14 = rsi(closes, 14)[last]!
  const hist = macd(closes).histogram[last]!
  const components = {
    trend_sma50: side(close, sma50),
    trend_sma200: side(close, sma200),
    rsi14: rsiComponent(rsi14),
    macd_histogram: Number.isFinite(hist) ? Math.sign(hist) * COMPONENT : null,
  }
  const present = Object.values(components).filter((c): c is number => c !== null)
  const score = present.reduce((a, b) => a + b, 0)
  const evidence = {
    close,
    sma50: num(sma50),
    sma200: num(sma200),
    rsi14: num(rsi14),
    macd_histogram: num(hist),
    bars: closes.length,
    components: Object.fromEntries(
      Object.entries(components).map(([k, v]) => [k, v === null ? null : num(v)]),
    ),
  }
  const summary =
    `close ${close} vs SMA50 ${num(sma50) ?? 'n/a'} and SMA200 ${num(sma200) ?? 'n/a'}, ` +
    `RSI14 ${num(rsi14) ?? 'n/a'}, MACD histogram ${num(hist) ?? 'n/a'}`
  return opinion('technical', score, present.length / 4, evidence, summary)
}
