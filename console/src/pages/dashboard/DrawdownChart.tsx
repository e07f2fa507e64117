/**
 * Drawdown over the chosen range, from GET /api/analytics/drawdown: how far cumulative realized P&L
 * stands below its running peak at each sale date, drawn "underwater" (0 at a peak, below it after),
 * with the largest fall and the standard relative maximum drawdown of NAV as text.
 */
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { TimeSeries } from '../../charts/TimeSeries.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { date, money, pct, pctPoints } from '../../ui/format.ts'
import { fetchDrawdown, type Drawdown } from './queries.ts'
import { RANGE_NAMES, toSeconds, type RangeKey } from './ranges.ts'

function Underwater({ d, range }: { d: Drawdown; range: RangeKey }) {
  const { times, lines } = useMemo(
    () => ({
      times: d.series.map((p) => toSeconds(p.date)),
      lines: [
        {
          label: 'Below the peak',
          values: d.series.map((p) => (p.drawdown === 0 ? 0 : -p.drawdown)),
          color: '--down',
          fill: true,
        },
      ],
    }),
    [d],
  )
  const format = useMemo(() => (v: number) => money(v, d.currency, { notation: 'compact' }), [d.currency])
  if (d.series.length < 2)
    return <p className="empty">Fewer than two sales in this range: no realized P&amp;L curve to draw.</p>
  return (
    <TimeSeries
      times={times}
      lines={lines}
      format={format}
      height={180}
      label={`Drawdown of cumulative realized P&L, ${RANGE_NAMES[range]}: largest fall ${money(d.max_drawdown, d.currency)}`}
    />
  )
}

function Figures({ d }: { d: Drawdown }) {
  const nav = d.nav_drawdown
  return (
    <dl className="dash-figures" aria-label="Drawdown figures">
      <div>
        <dt>Max drawdown of NAV</dt>
        <dd className={nav.max_drawdown ? 'down' : ''} data-figure="nav-drawdown">
          {nav.max_drawdown === null ? '—' : pct(nav.max_drawdown)}
          {nav.amount > 0 && ` (${money(-nav.amount, d.currency)})`}
        </dd>
      </div>
      <div>
        <dt>NAV peak → trough</dt>
        <dd>
          {nav.peak_date ? `${date(nav.peak_date)} → ${date(nav.trough_date)}` : 'No fall'}
          {nav.peak_date &&
            (nav.recovery_date ? `, recovered ${date(nav.recovery_date)}` : ', not recovered')}
        </dd>
      </div>
      <div>
        <dt>Max drawdown of realized P&amp;L</dt>
        <dd className={d.max_drawdown > 0 ? 'down' : ''} data-figure="pnl-drawdown">
          {money(d.max_drawdown > 0 ? -d.max_drawdown : 0, d.currency)}
          {d.max_drawdown_pct !== null &&
            d.max_drawdown > 0 &&
            ` (${pctPoints(d.max_drawdown_pct)} of the peak)`}
        </dd>
      </div>
      <div>
        <dt>Realized P&amp;L peak → trough</dt>
        <dd>
          {d.peak_date && d.max_drawdown > 0 ? `${date(d.peak_date)} → ${date(d.trough_date)}` : 'No fall'}
          {d.peak_date &&
            d.max_drawdown > 0 &&
            (d.recovery_date ? `, recovered ${date(d.recovery_date)}` : ', not recovered')}
        </dd>
      </div>
    </dl>
  )
}

export function DrawdownChart({ range, today }: { range: RangeKey; today: string }) {
  const query = useQuery({
    queryKey: ['dashboard', 'drawdown', range, today],
    queryFn: () => fetchDrawdown(range, today),
  })
  return (
    <QueryState query={query} label="Loading the drawdown">
      {(d) => (
        <>
          <Underwater d={d} range={range} />
          <Figures d={d} />
        </>
      )}
    </QueryState>
  )
}
