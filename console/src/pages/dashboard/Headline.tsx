/**
 * The headline figures, each as the API answers it, in the tenant's base currency (each answer names
 * its currency): AUM and NAV (GET /api/analytics/aum), the last session's P&L (GET
 * /api/analytics/performance?range=1D: value change less flows), total P&L (nav − net capital: unrealized,
 * all realized P&L and income), realized P&L (GET /api/analytics/cumulative-pnl) and XIRR (the
 * money-weighted return of GET /api/analytics/performance?range=MAX).
 */
import { useQuery } from '@tanstack/react-query'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { Loading } from '../../ui/QueryState.tsx'
import { Stat } from '../../ui/Stat.tsx'
import { date, money, pct, signedMoney, trend } from '../../ui/format.ts'
import { fetchAum, fetchCumulativePnl, fetchPerformance } from './queries.ts'

/** a − b to the cent, without a float's rounding noise. */
export const centsDiff = (a: number, b: number) => (Math.round(a * 100) - Math.round(b * 100)) / 100

export function Headline({ today }: { today: string }) {
  const aum = useQuery({ queryKey: ['dashboard', 'aum'], queryFn: fetchAum })
  const realized = useQuery({ queryKey: ['dashboard', 'cumulative-pnl'], queryFn: fetchCumulativePnl })
  const day = useQuery({
    queryKey: ['dashboard', 'performance', '1D', today],
    queryFn: () => fetchPerformance('1D', today),
  })
  const all = useQuery({
    queryKey: ['dashboard', 'performance', 'All', today],
    queryFn: () => fetchPerformance('All', today),
  })
  const error = aum.error ?? realized.error ?? day.error ?? all.error
  if (error) return <ProblemAlert error={error} />
  if (!aum.data || !realized.data || !day.data || !all.data) return <Loading label="Loading the figures" />
  const cur = aum.data.current
  const total = centsDiff(cur.nav, cur.net_capital)
  return (
    <div className="stats" aria-label="Headline figures" role="group">
      <Stat
        label="AUM"
        value={money(cur.total_aum, aum.data.currency)}
        sub={`NAV ${money(cur.nav, aum.data.currency)} · ${date(cur.as_of)}`}
      />
      <Stat
        label="Day P&L"
        value={signedMoney(day.data.gain, day.data.currency)}
        tone={trend(day.data.gain)}
        sub={`${pct(day.data.twr, 2, true)} · session of ${date(day.data.from)}`}
      />
      <Stat
        label="Total P&L"
        value={signedMoney(total, aum.data.currency)}
        tone={trend(total)}
        sub={`on ${money(cur.net_capital, aum.data.currency)} net capital`}
      />
      <Stat
        label="Realized P&L"
        value={signedMoney(realized.data.total, realized.data.currency)}
        tone={trend(realized.data.total)}
        sub="All sales to date"
      />
      <Stat
        label="XIRR"
        value={all.data.mwr === null ? '—' : pct(all.data.mwr, 2, true)}
        tone={trend(all.data.mwr)}
        sub={`a year, since ${date(all.data.from)}`}
      />
    </div>
  )
}
