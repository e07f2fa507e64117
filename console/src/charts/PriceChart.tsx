/**
 * Candles and volume with TradingView's Lightweight Charts (Apache-2.0; its licence asks for the
 * attribution link, which `attributionLogo` draws). Pages add overlays through `onChart`, which gets
 * the chart and the candle series once they exist and returns a cleanup.
 */
import {
  CandlestickSeries,
  ColorType,
  createChart,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts'
import { useEffect, useRef } from 'react'

export interface Candle {
  time: number // seconds since the epoch
  open: number
  high: number
  low: number
  close: number
  volume?: number
}

interface Props {
  candles: Candle[]
  height?: number
  label: string
  onChart?: (chart: IChartApi, candles: ISeriesApi<'Candlestick'>) => (() => void) | void
}

const cssVar = (el: Element, name: string, fallback: string) =>
  getComputedStyle(el).getPropertyValue(name).trim() || fallback

export function PriceChart({ candles, height = 420, label, onChart }: Props) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = box.current
    if (!el) return undefined
    const up = cssVar(el, '--up', '#16a34a')
    const down = cssVar(el, '--down', '#dc2626')
    const chart = createChart(el, {
      height,
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: cssVar(el, '--muted', '#666'),
        attributionLogo: true,
      },
      grid: {
        vertLines: { color: cssVar(el, '--grid', '#eee') },
        horzLines: { color: cssVar(el, '--grid', '#eee') },
      },
      timeScale: { timeVisible: true },
    })
    const series = chart.addSeries(CandlestickSeries, {
      upColor: up,
      downColor: down,
      borderVisible: false,
      wickUpColor: up,
      wickDownColor: down,
    })
    series.setData(candles.map((c) => ({ ...c, time: c.time as UTCTimestamp })))
    if (candles.some((c) => c.volume !== undefined)) {
      const volume = chart.addSeries(HistogramSeries, {
        priceFormat: { type: 'volume' },
        priceScaleId: 'volume',
      })
      volume.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } })
      volume.setData(
        candles.map((c) => ({
          time: c.time as UTCTimestamp,
          value: c.volume ?? 0,
          color: `${c.close >= c.open ? up : down}66`,
        })),
      )
    }
    chart.timeScale().fitContent()
    const cleanup = onChart?.(chart, series)
    return () => {
      cleanup?.()
      chart.remove()
    }
  }, [candles, height, onChart])
  // A named figure, not role="img": the library puts its attribution link inside the chart, and an
  // image's content is presentational, so a link in it would be unreachable (axe nested-interactive).
  return <div ref={box} className="chart" role="figure" aria-label={label} />
}
