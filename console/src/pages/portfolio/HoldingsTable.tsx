/** The holdings list's table: each figure in the instrument's currency, weight of the total value. */
import { Link } from 'react-router'
import { money, num, pctPoints, signedMoney, trend, price } from '../../ui/format.ts'
import type { Holding } from './queries.ts'
import { TableWrap } from '../../ui/TableWrap.tsx'

export function HoldingsTable({ items }: { items: Holding[] }) {
  return (
    <TableWrap label="Holdings">
      <table aria-label="Holdings">
        <thead>
          <tr>
            <th scope="col">Symbol</th>
            <th scope="col">Account</th>
            <th scope="col" className="num">
              Quantity
            </th>
            <th scope="col" className="num">
              Price
            </th>
            <th scope="col" className="num">
              Market value
            </th>
            <th scope="col" className="num">
              Day change
            </th>
            <th scope="col" className="num">
              Unrealized P&amp;L
            </th>
            <th scope="col" className="num">
              Weight
            </th>
            <th scope="col">Currency</th>
          </tr>
        </thead>
        <tbody>
          {items.map((h) => (
            <tr key={`${h.account_id}:${h.symbol}`} data-holding={`${h.account_id}:${h.symbol}`}>
              <th scope="row">
                {h.symbol}
                {h.name && <span className="muted holding-name">{h.name}</span>}
              </th>
              <td>
                <Link to={`/accounts/${h.account_id}`}>{h.account_name}</Link>
              </td>
              <td className="num">{num(h.quantity, 8)}</td>
              <td className="num">
                {price(h.price, h.currency)}
                {h.price_source === 'snapshot' && <span className="muted"> (last snapshot)</span>}
              </td>
              <td className="num" data-col="market_value">
                {money(h.market_value, h.currency)}
              </td>
              <td className={`num ${trend(h.day_change)}`}>
                {signedMoney(h.day_change, h.currency)}
                {h.day_change_pct !== null && <span> ({pctPoints(h.day_change_pct, 2, true)})</span>}
              </td>
              <td className={`num ${trend(h.unrealized_pl)}`}>
                {signedMoney(h.unrealized_pl, h.currency)}
                {h.unrealized_pl_pct !== null && <span> ({pctPoints(h.unrealized_pl_pct, 2, true)})</span>}
              </td>
              <td className="num">{pctPoints(h.weight, 2)}</td>
              <td>{h.currency}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  )
}
