/**
 * A worked example on its chart: the daily bars of the example's symbol (GET /api/bars, as many as
 * the example read) with each point the example names marked at its bar and price, and the same
 * points and values as text.
 */
import { useQuery } from '@tanstack/react-query'
import {
  createSeriesMarkers,
  type IChartApi,
  type ISeriesApi,
  type SeriesMarker,
  type Time,
} from 'lightweight-charts'
import { useCallback, useMemo } from 'react'
import { PriceChart, type Candle } from '../../charts/PriceChart.tsx'
import { date, num } from '../../ui/format.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { fetchDailyBars, type Example } from './queries.ts'
import { TableWrap } from '../../ui/TableWrap.tsx'
import { epochSeconds } from '../../ui/time.ts'

const seconds = epochSeconds

function ExampleValues({ values }: { values: Example['values'] }) {
  const entries = Object.entries(values)
  if (entries.length === 0) return null
  return (
    <dl className="learn-values">
      {entries.map(([k, v]) => (
        <div key={k}>
          <dt>{k.replaceAll('_', ' ')}</dt>
          <dd data-value={k}>{v === null ? '—' : typeof v === 'number' ? num(v, 6) : String(v)}</dd>
        </div>
      ))}
    </dl>
  )
}

function PointsTable({ example }: { example: Example }) {
  if (example.points.length === 0)
    return <p className="empty">This reading names no bars on the chart (nothing found in the bars read).</p>
  return (
    <TableWrap label="Points of the worked example">
      <table className="learn-points">
        <caption className="muted learn-caption">The bars the example points at</caption>
        <thead>
          <tr>
            <th scope="col">Point</th>
            <th scope="col">Bar (date)</th>
            <th scope="col" className="num">
              Price
            </th>
          </tr>
        </thead>
        <tbody>
          {example.points.map((p) => (
            <tr key={`${p.label}-${p.time}`} data-time={p.time}>
              <td>{p.label}</td>
              <td>{date(p.time)}</td>
              <td className="num">{num(p.price, 6)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  )
}

export function ExampleChart({ example }: { example: Example }) {
  const bars = useQuery({
    queryKey: ['learn', 'bars', example.symbol, example.bars_read],
    queryFn: () => fetchDailyBars(example.symbol, example.bars_read),
  })
  const candles = useMemo<Candle[]>(
    () =>
      (bars.data?.items ?? []).map((b) => ({
        time: seconds(b.time),
        open: b.open,
        high: b.high,
        low: b.low,
        close: b.close,
        volume: b.volume,
      })),
    [bars.data],
  )
  const onChart = useCallback(
    (_chart: IChartApi, series: ISeriesApi<'Candlestick'>) => {
      const times = new Set(candles.map((c) => c.time))
      const markers: SeriesMarker<Time>[] = example.points
        .filter((p) => times.has(seconds(p.time)))
        .sort((a, b) => seconds(a.time) - seconds(b.time))
        .map((p) => ({
          time: seconds(p.time) as Time,
          position: 'atPriceMiddle',
          price: p.price,
          shape: 'circle',
          color: getComputedStyle(document.documentElement).getPropertyValue('--chart-4').trim() || '#7c3aed',
          text: p.label,
        }))
      const plugin = createSeriesMarkers(series, markers)
      return () => plugin.detach()
    },
    [candles, example.points],
  )
  return (
    <>
      <p data-example-summary>{example.summary}</p>
      <p className="muted">
        {example.symbol}, daily bars, {example.bars_read} read, latest bar of {date(example.as_of)}.
      </p>
      <QueryState
        query={bars}
        label="Loading the bars"
        isEmpty={(d) => d.items.length === 0}
        empty={`No daily bars of ${example.symbol} to draw.`}
      >
        {() => (
          <PriceChart
            candles={candles}
            height={340}
            onChart={onChart}
            label={`${example.symbol} daily candles with the example's ${example.points.length} points marked: ${example.summary}`}
          />
        )}
      </QueryState>
      <PointsTable example={example} />
      <ExampleValues values={example.values} />
    </>
  )
}
