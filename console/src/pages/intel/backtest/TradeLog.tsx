/**
 * The whole per-trade log of a saved run, 50 a page (GET /backtests/{id}/trades with its cursor).
 * Right after a long run the log is still being stored (409 backtest.log_pending): it is asked again.
 */
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { ApiError } from '../../../api/problem.ts'
import { date, money, num, pct, trend, price } from '../../../ui/format.ts'
import { QueryState } from '../../../ui/QueryState.tsx'
import { PagerNav } from '../../../ui/Pager.tsx'
import { backtestTrades, type TradePage } from './api.ts'
import { TableWrap } from '../../../ui/TableWrap.tsx'

const pending = (e: unknown) => e instanceof ApiError && e.problem.code === 'backtest.log_pending'

function Rows({ items }: { items: TradePage['items'] }) {
  return (
    <TableWrap label="Trades">
      <table aria-label="Trades">
        <thead>
          <tr>
            <th scope="col">Symbol</th>
            <th scope="col">Entry</th>
            <th scope="col">Exit</th>
            <th scope="col" className="num">
              Days
            </th>
            <th scope="col" className="num">
              Quantity
            </th>
            <th scope="col" className="num">
              Entry price
            </th>
            <th scope="col" className="num">
              Exit price
            </th>
            <th scope="col" className="num">
              P&amp;L
            </th>
            <th scope="col" className="num">
              Return
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((t) => (
            <tr key={`${t.symbol}-${t.trade_id}`} data-trade={t.trade_id}>
              <td>{t.symbol}</td>
              <td>{date(t.entry_date)}</td>
              <td>{date(t.exit_date)}</td>
              <td className="num">{t.holding_days}</td>
              <td className="num">{num(t.quantity, 6)}</td>
              <td className="num">{price(t.entry_price)}</td>
              <td className="num">{price(t.exit_price)}</td>
              <td className={`num ${trend(t.pnl)}`} data-pnl={String(t.pnl)}>
                {money(t.pnl)}
              </td>
              <td className={`num ${trend(t.return_pct)}`}>{pct(t.return_pct)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  )
}

export function TradeLog({ id, total }: { id: number; total: number }) {
  // The cursors of the pages before the one shown: Previous pops one.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined])
  const cursor = cursors.at(-1)
  const page = useQuery({
    queryKey: ['intel', 'backtest', id, 'trades', cursor ?? ''],
    queryFn: () => backtestTrades(id, cursor),
    retry: (count, e) => pending(e) && count < 30,
    retryDelay: 1000,
    placeholderData: (previous) => previous,
  })
  const next = page.data?.next_cursor ?? null
  return (
    <QueryState
      query={page}
      label="Loading the trade log"
      isEmpty={(d) => d.items.length === 0 && cursors.length === 1}
      empty="No trade in this run: nothing was bought or sold in the range (see the note above)."
    >
      {(d) => (
        <>
          <p className="muted" aria-live="polite">
            Page {cursors.length} · {num(total, 0)} trades in all
          </p>
          <Rows items={d.items} />
          <PagerNav
            className="actions intel-pager"
            label="Trade log pages"
            previous={{
              label: 'Previous page',
              unavailable: cursors.length === 1,
              onPress: () => setCursors((c) => c.slice(0, -1)),
            }}
            next={{
              label: 'Next page',
              unavailable: !next || page.isPlaceholderData,
              onPress: () => next && setCursors((c) => [...c, next]),
            }}
          />
        </>
      )}
    </QueryState>
  )
}
