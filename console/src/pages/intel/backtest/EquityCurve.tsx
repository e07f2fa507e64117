/** The equity curve of a run (uPlot), with its first and last points and the deepest drawdown as text. */
import { useMemo } from 'react'
import { TimeSeries } from '../../../charts/TimeSeries.tsx'
import { date, money, pct } from '../../../ui/format.ts'
import type { Backtest } from './api.ts'

const usd = (v: number) => money(v, 'USD', { maximumFractionDigits: 0 })
const toSeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000

export function EquityCurve({ run }: { run: Backtest }) {
  const curve = run.equity_curve
  const times = useMemo(() => curve.map((p) => toSeconds(p.date)), [curve])
  const lines = useMemo(() => [{ label: 'Equity', values: curve.map((p) => p.equity), fill: true }], [curve])
  if (curve.length === 0) return <p className="empty">The range has no trading day, so there is no curve.</p>
  const first = curve[0]!
  const last = curve.at(-1)!
  const dd = run.summary.max_drawdown
  const label =
    `Equity curve, ${curve.length} trading days: ${money(first.equity)} on ${date(first.date)} to ` +
    `${money(last.equity)} on ${date(last.date)}`
  return (
    <figure className="intel-figure">
      <TimeSeries times={times} lines={lines} format={usd} label={label} />
      <figcaption className="muted">
        {label}. Deepest drawdown {pct(dd.pct)} ({money(dd.amount)}), peak {date(dd.peak_date)}, trough{' '}
        {date(dd.trough_date)}
        {dd.open ? ', not recovered' : dd.recovery_date ? `, recovered ${date(dd.recovery_date)}` : ''}.
      </figcaption>
    </figure>
  )
}
