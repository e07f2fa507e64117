/**
 * The symbol's candles (PriceChart) with what the page lays over them: the session's VWAP on the
 * price pane and RSI(14) and MACD(12/26/9) in panes of their own, the analysis boxes (a series
 * primitive) and markers. The chart is made once per set of candles; overlays come and go on it, so
 * toggling one keeps the zoom.
 */
import {
  createSeriesMarkers,
  HistogramSeries,
  LineSeries,
  LineStyle,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts'
import { useCallback, useEffect, useState } from 'react'
import { PriceChart, type Candle } from '../../charts/PriceChart.tsx'
import { BoxesPrimitive } from './boxes.ts'
import { crosshairTime, tickMark } from './chart-time.ts'
import type { Colors, Drawn } from './overlays.ts'

export interface Indicator {
  time: number
  vwap: number | null
  rsi: number | null
  macd: number | null
  macd_signal: number | null
  macd_hist: number | null
}

interface Handle {
  chart: IChartApi
  series: ISeriesApi<'Candlestick'>
  alive: boolean
}

interface Props {
  candles: Candle[]
  daily: boolean
  indicators: Indicator[] | null
  drawn: Drawn
  colors: Colors
  label: string
}

const line = (rows: Indicator[], key: 'vwap' | 'rsi' | 'macd' | 'macd_signal') =>
  rows.flatMap((r) => {
    const v = r[key]
    return v === null ? [] : [{ time: r.time as UTCTimestamp, value: v }]
  })

function addIndicators(chart: IChartApi, rows: Indicator[], c: Colors) {
  const common = { lineWidth: 2, priceLineVisible: false, lastValueVisible: true } as const
  const vwap = chart.addSeries(LineSeries, { ...common, color: c.accent, title: 'VWAP' }, 0)
  vwap.setData(line(rows, 'vwap'))
  const rsi = chart.addSeries(LineSeries, { ...common, color: c.accent, title: 'RSI 14' }, 1)
  rsi.setData(line(rows, 'rsi'))
  for (const level of [70, 30]) {
    rsi.createPriceLine({
      price: level,
      color: c.muted,
      lineStyle: LineStyle.Dashed,
      lineWidth: 1,
      axisLabelVisible: true,
      title: '',
    })
  }
  const macd = chart.addSeries(LineSeries, { ...common, color: c.accent, title: 'MACD' }, 2)
  macd.setData(line(rows, 'macd'))
  const signal = chart.addSeries(LineSeries, { ...common, color: c.muted, title: 'Signal' }, 2)
  signal.setData(line(rows, 'macd_signal'))
  const hist = chart.addSeries(HistogramSeries, { priceLineVisible: false, lastValueVisible: false }, 2)
  hist.setData(
    rows.flatMap((r) =>
      r.macd_hist === null
        ? []
        : [
            {
              time: r.time as UTCTimestamp,
              value: r.macd_hist,
              color: `${r.macd_hist >= 0 ? c.up : c.down}99`,
            },
          ],
    ),
  )
  // Price 60 %, RSI 18 %, MACD 22 % of the height.
  const [price, rsiPane, macdPane] = chart.panes()
  price?.setStretchFactor(3)
  rsiPane?.setStretchFactor(0.9)
  macdPane?.setStretchFactor(1.1)
  return [vwap, rsi, macd, signal, hist]
}

export function SymbolChart({ candles, daily, indicators, drawn, colors, label }: Props) {
  const [handle, setHandle] = useState<Handle | null>(null)
  const onChart = useCallback(
    (chart: IChartApi, series: ISeriesApi<'Candlestick'>) => {
      chart.applyOptions({
        localization: { timeFormatter: crosshairTime(daily) },
        timeScale: { tickMarkFormatter: tickMark, timeVisible: !daily },
      })
      const h: Handle = { chart, series, alive: true }
      setHandle(h)
      return () => {
        h.alive = false
        setHandle(null)
      }
    },
    [daily],
  )

  useEffect(() => {
    if (!handle || !indicators) return undefined
    const added = addIndicators(handle.chart, indicators, colors)
    return () => {
      if (handle.alive) for (const s of added) handle.chart.removeSeries(s)
    }
  }, [handle, indicators, colors])

  useEffect(() => {
    if (!handle) return undefined
    const times = candles.map((c) => c.time)
    const onChartTimes = new Set(times)
    const boxes = new BoxesPrimitive(drawn.boxes, times)
    handle.series.attachPrimitive(boxes)
    const markers = createSeriesMarkers(
      handle.series,
      drawn.markers.filter((m) => onChartTimes.has(m.time)).sort((a, b) => a.time - b.time),
    )
    return () => {
      if (!handle.alive) return
      markers.detach()
      handle.series.detachPrimitive(boxes)
    }
  }, [handle, candles, drawn])

  return <PriceChart candles={candles} height={indicators ? 640 : 420} label={label} onChart={onChart} />
}
