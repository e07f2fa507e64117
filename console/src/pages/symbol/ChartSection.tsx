/**
 * The chart card: timeframe buttons (every bar length GET /api/bars offers, and the latest session with
 * its indicators), overlay switches, the chart, a caption with the candles shown, and each overlay's
 * detections as tables.
 */
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import type { Candle } from '../../charts/PriceChart.tsx'
import { Section } from '../../ui/Page.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { date, price } from '../../ui/format.ts'
import { exchangeTime } from './chart-time.ts'
import { Detections } from './Detections.tsx'
import { OVERLAYS, seconds, type Colors, type OverlayId } from './overlays.ts'
import {
  barsQuery,
  sameView,
  sessionQuery,
  VIEWS,
  type Bars,
  type SessionBars,
  type View,
} from './queries.ts'
import { SymbolChart, type Indicator } from './SymbolChart.tsx'
import { useOverlays } from './useOverlays.ts'

interface Props {
  symbol: string
  currency: string
  view: View
  onView: (v: View) => void
  colors: Colors
}

interface Series {
  candles: Candle[]
  indicators: Indicator[] | null
  /** Shown when the series is empty. */
  empty: string
}

function fromBars(b: Bars): Series {
  return {
    candles: b.items.map((i) => ({ ...i, time: seconds(i.time) })),
    indicators: null,
    empty: 'The market data provider has no bars of this length for the symbol.',
  }
}

function fromSession(b: SessionBars): Series {
  const candles = b.items.map((i) => ({
    time: seconds(i.time),
    open: i.open,
    high: i.high,
    low: i.low,
    close: i.close,
    volume: i.volume,
  }))
  return {
    candles,
    indicators: b.items.map((i) => ({ ...i, time: seconds(i.time) })),
    empty: b.session_date
      ? 'No bar of the session has closed yet: come back after the first interval.'
      : 'No session has begun yet.',
  }
}

export function ChartSection({ symbol, currency, view, onView, colors }: Props) {
  const [on, setOn] = useState<ReadonlySet<OverlayId>>(new Set())
  const bars = useQuery({
    ...barsQuery(symbol, view.source === 'bars' ? view.interval : '1d'),
    enabled: view.source === 'bars',
    select: fromBars,
  })
  const session = useQuery({
    ...sessionQuery(symbol, view.source === 'session' ? view.interval : '5m'),
    enabled: view.source === 'session',
    select: fromSession,
  })
  const series = view.source === 'bars' ? bars : session
  const { layers, drawn } = useOverlays(symbol, view.interval, on, colors)
  const daily = view.interval === '1d'
  const toggle = (id: OverlayId) =>
    setOn((prev) => {
      const next = new Set(prev)
      if (!next.delete(id)) next.add(id)
      return next
    })
  const label = VIEWS.find((v) => sameView(v.view, view))?.label ?? view.interval

  return (
    <Section title="Chart">
      <div className="tabs" role="group" aria-label="Timeframe">
        {VIEWS.map((v) => (
          <button
            key={`${v.view.source}-${v.view.interval}`}
            type="button"
            className="ghost"
            aria-pressed={sameView(v.view, view)}
            onClick={() => onView(v.view)}
          >
            {v.label}
          </button>
        ))}
      </div>
      <fieldset className="overlay-switches">
        <legend>Overlays</legend>
        {OVERLAYS.map((o) => (
          <label key={o.id} className="check">
            <input type="checkbox" name={o.id} checked={on.has(o.id)} onChange={() => toggle(o.id)} />{' '}
            {o.label}
          </label>
        ))}
      </fieldset>
      <QueryState
        query={series}
        label="Loading candles"
        isEmpty={(s) => s.candles.length === 0}
        empty={series.data?.empty}
      >
        {(s) => (
          <Chart
            s={s}
            symbol={symbol}
            currency={currency}
            label={label}
            daily={daily}
            drawn={drawn}
            colors={colors}
          />
        )}
      </QueryState>
      <Detections layers={layers} daily={daily} />
    </Section>
  )
}

function Chart({
  s,
  symbol,
  currency,
  label,
  daily,
  drawn,
  colors,
}: {
  s: Series
  symbol: string
  currency: string
  label: string
  daily: boolean
  drawn: ReturnType<typeof useOverlays>['drawn']
  colors: Colors
}) {
  const first = s.candles[0]
  const last = s.candles.at(-1)
  const lastTime = last ? new Date(last.time * 1000).toISOString() : null
  const when = daily ? date(lastTime) : exchangeTime(lastTime)
  const summary = useMemo(
    () =>
      `${symbol} ${label} candles: ${s.candles.length}, last close ${price(last?.close, currency)} (${when})`,
    [symbol, label, s.candles.length, last?.close, currency, when],
  )
  return (
    <>
      <SymbolChart
        candles={s.candles}
        daily={daily}
        indicators={s.indicators}
        drawn={drawn}
        colors={colors}
        label={`${summary}${s.indicators ? '; with VWAP, RSI(14) and MACD(12, 26, 9) panes' : ''}`}
      />
      <p
        className="muted chart-caption"
        data-candles={s.candles.length}
        data-first={first ? new Date(first.time * 1000).toISOString() : undefined}
        data-last-close={last?.close}
      >
        {s.candles.length} candles ({label}), last close <strong>{price(last?.close, currency)}</strong> at{' '}
        {when}
        {s.indicators ? '. VWAP on the price pane; RSI(14) and MACD(12, 26, 9) below.' : ''}
      </p>
    </>
  )
}
