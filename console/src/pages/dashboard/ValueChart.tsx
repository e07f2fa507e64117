/**
 * The portfolio's daily value over the chosen range and its P&L within the range (value − starting
 * value − the flows so far), from GET /api/analytics/performance; the range's figures as text beside it.
 */
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { TimeSeries, type Line } from '../../charts/TimeSeries.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { date, money, pct, signedMoney, trend } from '../../ui/format.ts'
import { fetchPerformance, type Performance } from './queries.ts'
import { RANGE_NAMES, toSeconds, type RangeKey } from './ranges.ts'

/** The value line and the range's running P&L line, in cents until the end (no float drift). */
export function valueLines(p: Performance): { times: number[]; lines: Line[] } {
  const startCents = Math.round(p.start_value * 100)
  let flowCents = 0
  const pnl = p.series.map((pt, i) => {
    if (i > 0) flowCents += Math.round(pt.net_flow * 100)
    return (Math.round(pt.value * 100) - startCents - flowCents) / 100
  })
  return {
    times: p.series.map((pt) => toSeconds(pt.date)),
    lines: [
      { label: 'Value', values: p.series.map((pt) => pt.value), color: '--chart-1' },
      { label: 'P&L in range', values: pnl, color: '--chart-2' },
    ],
  }
}

function Figures({ p }: { p: Performance }) {
  return (
    <dl className="dash-figures" aria-label="Figures of the range">
      <div>
        <dt>Range</dt>
        <dd data-figure="range">
          {date(p.from)} – {date(p.to)}
        </dd>
      </div>
      <div>
        <dt>Start value</dt>
        <dd>{money(p.start_value, p.currency)}</dd>
      </div>
      <div>
        <dt>End value</dt>
        <dd>{money(p.end_value, p.currency)}</dd>
      </div>
      <div>
        <dt>Net flows</dt>
        <dd>{signedMoney(p.net_flows, p.currency)}</dd>
      </div>
      <div>
        <dt>P&amp;L</dt>
        <dd className={trend(p.gain)} data-figure="gain">
          {signedMoney(p.gain, p.currency)}
        </dd>
      </div>
      <div>
        <dt>Return (TWR)</dt>
        <dd className={trend(p.twr)} data-figure="twr">
          {pct(p.twr, 2, true)}
        </dd>
      </div>
      <div>
        <dt>Money-weighted (XIRR, a year)</dt>
        <dd className={trend(p.mwr)}>{p.mwr === null ? '—' : pct(p.mwr, 2, true)}</dd>
      </div>
    </dl>
  )
}

function Chart({ p, range }: { p: Performance; range: RangeKey }) {
  const { times, lines } = useMemo(() => valueLines(p), [p])
  const format = useMemo(() => (v: number) => money(v, p.currency, { notation: 'compact' }), [p.currency])
  return (
    <>
      <TimeSeries
        times={times}
        lines={lines}
        format={format}
        label={`Value and P&L, ${RANGE_NAMES[range]}: from ${money(p.start_value, p.currency)} to ${money(p.end_value, p.currency)}, P&L ${signedMoney(p.gain, p.currency)}`}
      />
      <Figures p={p} />
      {p.degraded && (
        <p className="notice">
          Some prices or exchange rates were missing: those holdings are left out of the days concerned.
        </p>
      )}
    </>
  )
}

export function ValueChart({ range, today }: { range: RangeKey; today: string }) {
  const query = useQuery({
    queryKey: ['dashboard', 'performance', range, today],
    queryFn: () => fetchPerformance(range, today),
  })
  return (
    <QueryState
      query={query}
      label="Loading the value series"
      isEmpty={(p) => p.series.length < 2}
      empty="Nothing was held in this range yet: pick a longer range."
    >
      {(p) => <Chart p={p} range={range} />}
    </QueryState>
  )
}
