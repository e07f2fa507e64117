/**
 * Lines over time with uPlot (canvas, ~50 kB): value, P&L, drawdown, equity curves. Resizes with its
 * container and takes its colours from the theme. The same figures are in a table beside each chart
 * or in its caption, so a screen reader loses nothing (the canvas is hidden from it).
 */
import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { useTheme } from '../layout/theme.ts'

export interface Line {
  label: string
  /** Seconds since the epoch → value; all lines share the first line's times. */
  values: (number | null)[]
  /** A CSS custom property (--chart-1…--chart-4) or colour. */
  color?: string
  fill?: boolean
}

interface Props {
  times: number[]
  lines: Line[]
  height?: number
  /** How the y axis and the legend write a value. */
  format?: (v: number) => string
  label: string
}

const cssColor = (el: Element, c: string) =>
  c.startsWith('--') ? getComputedStyle(el).getPropertyValue(c).trim() || '#888' : c

export function TimeSeries({ times, lines, height = 260, format = (v) => v.toLocaleString(), label }: Props) {
  const box = useRef<HTMLDivElement>(null)
  const theme = useTheme() // a theme switch draws the chart again in the new colours
  useEffect(() => {
    const el = box.current
    if (!el) return undefined
    const axisColor = cssColor(el, '--muted')
    const gridColor = cssColor(el, '--grid')
    const opts: uPlot.Options = {
      width: el.clientWidth || 600,
      height,
      legend: { show: lines.length > 1 },
      cursor: { drag: { x: true, y: false } },
      scales: { x: { time: true } },
      axes: [
        { stroke: axisColor, grid: { stroke: gridColor } },
        {
          stroke: axisColor,
          grid: { stroke: gridColor },
          size: 70,
          values: (_u, ticks) => ticks.map(format),
        },
      ],
      series: [
        {},
        ...lines.map((l, i) => {
          const stroke = cssColor(el, l.color ?? `--chart-${i + 1}`)
          return {
            label: l.label,
            stroke,
            width: 2,
            value: (_u: uPlot, v: number | null) => (v === null ? '—' : format(v)),
            ...(l.fill ? { fill: `${stroke}33` } : {}),
          }
        }),
      ],
    }
    const plot = new uPlot(opts, [times, ...lines.map((l) => l.values)] as uPlot.AlignedData, el)
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height }))
    resize.observe(el)
    return () => {
      resize.disconnect()
      plot.destroy()
    }
  }, [times, lines, height, format, theme])
  return <div ref={box} className="chart" role="img" aria-label={label} />
}
