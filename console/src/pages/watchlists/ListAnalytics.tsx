/**
 * One list's figures from GET /api/watchlists/analytics: the equal-weighted day change, the best and
 * worst member, the sector mix, each member's distance from its 52-week high, and the signals of the
 * last 24 hours. Every figure is also text (no chart), so it reads the same to everyone.
 */
import { dateTime, num, pctPoints, trend } from '../../ui/format.ts'
import { Stat } from '../../ui/Stat.tsx'
import { TableWrap } from '../../ui/TableWrap.tsx'
import type { ListFigures } from './queries.ts'

const mover = (m: ListFigures['best']) => (m ? `${m.symbol} ${pctPoints(m.change_pct, 2, true)}` : '—')

export function ListAnalytics({ list }: { list: ListFigures }) {
  return (
    <>
      <div className="stats">
        <Stat
          label="Day change (equal-weighted)"
          value={pctPoints(list.day_change_pct, 2, true)}
          tone={trend(list.day_change_pct)}
          sub={`${list.members_priced} of ${list.count} priced`}
        />
        <Stat label="Best" value={mover(list.best)} tone={trend(list.best?.change_pct)} />
        <Stat label="Worst" value={mover(list.worst)} tone={trend(list.worst?.change_pct)} />
      </div>
      <h3>Sector mix</h3>
      <TableWrap label="Sector mix">
        <table>
          <thead>
            <tr>
              <th scope="col">Sector</th>
              <th scope="col" className="num">
                Symbols
              </th>
              <th scope="col" className="num">
                Share
              </th>
            </tr>
          </thead>
          <tbody>
            {list.sector_mix.map((s) => (
              <tr key={s.sector ?? 'none'}>
                <th scope="row">{s.sector ?? 'Funds and unclassified'}</th>
                <td className="num">{s.count}</td>
                <td className="num">{pctPoints(s.percent)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      <h3>Distance from the 52-week high</h3>
      <TableWrap label="Distance from the 52-week high">
        <table>
          <thead>
            <tr>
              <th scope="col">Symbol</th>
              <th scope="col" className="num">
                Price
              </th>
              <th scope="col" className="num">
                52-week high
              </th>
              <th scope="col" className="num">
                Distance
              </th>
            </tr>
          </thead>
          <tbody>
            {list.members.map((m) => (
              <tr key={m.symbol} data-member={m.symbol}>
                <th scope="row">{m.symbol}</th>
                <td className="num">{num(m.price)}</td>
                <td className="num">{num(m.high_52w)}</td>
                <td className={`num ${trend(m.dist_52w_high_pct)}`} data-distance={m.symbol}>
                  {pctPoints(m.dist_52w_high_pct, 2, true)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      <h3>Signals of the last 24 hours</h3>
      {list.signals.length === 0 ? (
        <p className="empty">
          No intraday setup or discovery scan fired for these symbols in the last 24 hours.
        </p>
      ) : (
        <ul className="signals">
          {list.signals.map((s) => (
            <li key={`${s.source}-${s.symbol}-${s.at}`}>
              <strong>{s.symbol}</strong> {s.text} <span className="muted">({dateTime(s.at)})</span>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
