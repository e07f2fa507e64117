/** The pre-market game plan (GET /gameplan): the coming events by relevance and the recent signals. */
import { date, dateTime, num, pct } from '../../../ui/format.ts'
import type { Plan } from './api.ts'
import { TableWrap } from '../../../ui/TableWrap.tsx'

function Events({ p }: { p: Plan }) {
  if (p.events.length === 0) return <p className="empty">No market event in the next five sessions.</p>
  return (
    <TableWrap label="Coming events">
      <table aria-label="Coming events">
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Event</th>
            <th scope="col">Impact</th>
            <th scope="col">Why it matters</th>
          </tr>
        </thead>
        <tbody>
          {p.events.map((e, i) => (
            <tr key={`${e.date}-${e.type}-${e.title}-${i}`}>
              <td>{date(e.date)}</td>
              <td className="intel-wrap">{e.title}</td>
              <td>{e.impact}</td>
              <td>{e.relevance.length ? e.relevance.join(', ').replaceAll('_', ' ') : 'market-wide'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  )
}

function Recent({ p }: { p: Plan }) {
  const items = [...p.signals.intraday, ...p.signals.options_flow]
  return (
    <>
      {items.length === 0 ? (
        <p className="empty">No signal since {dateTime(p.signals.since)}.</p>
      ) : (
        <ul>
          {items.map((s) => (
            <li key={`${s.source}-${s.id}`}>
              <strong>{s.symbol}</strong> {s.text}{' '}
              {s.confidence !== null && <span className="muted">({pct(s.confidence, 0)})</span>}
            </li>
          ))}
        </ul>
      )}
      {p.signals.opportunities.length > 0 && (
        <p>Watchlist: {p.signals.opportunities.map((o) => `${o.symbol} ${num(o.score, 1)}`).join(', ')}</p>
      )}
    </>
  )
}

export function PlanView({ p }: { p: Plan }) {
  const degraded = Object.entries(p.sections).filter(([, s]) => s.status === 'degraded')
  return (
    <>
      <p className="muted">
        For {date(p.plan_date)}; events from {date(p.window.from)} to {date(p.window.to)}. Holdings
        considered: {p.holdings.count}.
      </p>
      {degraded.map(([name, s]) => (
        <p key={name} className="notice">
          {name.replaceAll('_', ' ')} unavailable: {s.reason}
        </p>
      ))}
      <h3>Events</h3>
      <Events p={p} />
      <h3>Recent signals</h3>
      <Recent p={p} />
    </>
  )
}
