/** The end-of-day review (GET /eod/review): P&L by position, how the day's signals played out, movers. */
import { date, money, num, pct, pctPoints, signedMoney, trend, price } from '../../../ui/format.ts'
import { Stat } from '../../../ui/Stat.tsx'
import type { Review } from './api.ts'
import { TableWrap } from '../../../ui/TableWrap.tsx'

function Positions({ r }: { r: Review }) {
  if (r.positions.length === 0)
    return (
      <p className="empty">
        No position held at the end of {date(r.review_date)}: add holdings under Portfolio.
      </p>
    )
  return (
    <TableWrap label="P&L by position">
      <table aria-label="P&L by position">
        <thead>
          <tr>
            <th scope="col">Symbol</th>
            <th scope="col" className="num">
              Quantity
            </th>
            <th scope="col" className="num">
              Previous close
            </th>
            <th scope="col" className="num">
              Close
            </th>
            <th scope="col" className="num">
              Change
            </th>
            <th scope="col" className="num">
              P&amp;L
            </th>
            <th scope="col" className="num">
              Market value
            </th>
          </tr>
        </thead>
        <tbody>
          {r.positions.map((p) => (
            <tr key={p.symbol}>
              <td>{p.symbol}</td>
              <td className="num">{num(p.quantity, 6)}</td>
              <td className="num">{price(p.previous_close)}</td>
              <td className="num">{price(p.close)}</td>
              <td className={`num ${trend(p.change_pct)}`}>{pctPoints(p.change_pct, 2, true)}</td>
              <td className={`num ${trend(p.pnl)}`}>{signedMoney(p.pnl)}</td>
              <td className="num">{money(p.market_value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  )
}

function Signals({ r }: { r: Review }) {
  if (r.signals.length === 0)
    return <p className="empty">No intraday signal or options-flow reading that day.</p>
  return (
    <TableWrap label="Signals and outcomes">
      <table aria-label="Signals and outcomes">
        <thead>
          <tr>
            <th scope="col">Symbol</th>
            <th scope="col">Signal</th>
            <th scope="col">Direction</th>
            <th scope="col" className="num">
              To the close
            </th>
            <th scope="col">Outcome</th>
            <th scope="col">Next close</th>
          </tr>
        </thead>
        <tbody>
          {r.signals.map((s) => (
            <tr key={`${s.source}-${s.id}`}>
              <td>{s.symbol}</td>
              <td>{s.kind.replaceAll('_', ' ')}</td>
              <td>{s.direction}</td>
              <td className={`num ${trend(s.return_to_close)}`}>{pct(s.return_to_close, 2, true)}</td>
              <td>{s.outcome.replaceAll('_', ' ')}</td>
              <td>{s.outcome_next.replaceAll('_', ' ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  )
}

export function ReviewView({ r }: { r: Review }) {
  const s = r.signal_stats
  return (
    <>
      <p className="muted">
        {date(r.review_date)} against the close of {date(r.previous_date)}
        {r.complete ? '' : `; next-day outcomes wait for the close of ${date(r.next_date)}`}.
      </p>
      {r.degraded && <p className="notice">Prices could not all be read: {r.degraded_reasons.join('; ')}.</p>}
      <div className="stats">
        <Stat
          label="Day P&L"
          value={signedMoney(r.totals.pnl)}
          tone={trend(r.totals.pnl)}
          sub={pctPoints(r.totals.pnl_pct, 2, true)}
        />
        <Stat label="Market value" value={money(r.totals.market_value)} />
        <Stat
          label="Signal hit rate"
          value={pct(s.hit_rate, 0)}
          sub={`${s.hits} hits · ${s.misses} misses of ${s.directional}`}
        />
      </div>
      <h3>Positions</h3>
      <Positions r={r} />
      <h3>Signals</h3>
      <Signals r={r} />
    </>
  )
}
