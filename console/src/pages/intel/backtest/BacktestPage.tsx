/** /intel — run a backtest, and the saved runs (GET /backtests), newest first, 25 a page. */
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { dateTime, date, num, pct, trend } from '../../../ui/format.ts'
import { Page, Section } from '../../../ui/Page.tsx'
import { QueryState } from '../../../ui/QueryState.tsx'
import { PagerNav } from '../../../ui/Pager.tsx'
import { listBacktests, type BacktestListPage } from './api.ts'
import { BacktestForm } from './BacktestForm.tsx'
import { TableWrap } from '../../../ui/TableWrap.tsx'

function RunsTable({ items }: { items: BacktestListPage['items'] }) {
  return (
    <TableWrap label="Saved backtests">
      <table aria-label="Saved backtests">
        <thead>
          <tr>
            <th scope="col">Run</th>
            <th scope="col">Strategy</th>
            <th scope="col">Range</th>
            <th scope="col" className="num">
              Trades
            </th>
            <th scope="col" className="num">
              Total return
            </th>
            <th scope="col" className="num">
              Sharpe
            </th>
            <th scope="col" className="num">
              Max drawdown
            </th>
            <th scope="col">Run at</th>
          </tr>
        </thead>
        <tbody>
          {items.map((r) => (
            <tr key={r.id}>
              <td>
                <Link to={`/intel/backtests/${r.id}`}>#{r.id}</Link>
              </td>
              <td>{r.strategy}</td>
              <td>
                {date(r.from)} – {date(r.to)}
              </td>
              <td className="num">{r.trades_total}</td>
              <td className={`num ${trend(r.summary.total_return)}`}>{pct(r.summary.total_return)}</td>
              <td className="num">{num(r.summary.sharpe, 3)}</td>
              <td className="num">{pct(r.summary.max_drawdown.pct)}</td>
              <td>{dateTime(r.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  )
}

function SavedRuns() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined])
  const cursor = cursors.at(-1)
  const list = useQuery({
    queryKey: ['intel', 'backtests', cursor ?? ''],
    queryFn: () => listBacktests(cursor),
    placeholderData: (previous) => previous,
  })
  const next = list.data?.next_cursor ?? null
  return (
    <QueryState
      query={list}
      label="Loading saved backtests"
      isEmpty={(d) => d.items.length === 0 && cursors.length === 1}
      empty="No saved backtest yet: run one with the form above; every run is kept (the newest 100)."
    >
      {(d) => (
        <>
          <RunsTable items={d.items} />
          <PagerNav
            className="actions intel-pager"
            label="Saved backtest pages"
            previous={{
              label: 'Newer runs',
              unavailable: cursors.length === 1,
              onPress: () => setCursors((c) => c.slice(0, -1)),
            }}
            next={{
              label: 'Older runs',
              unavailable: !next || list.isPlaceholderData,
              onPress: () => next && setCursors((c) => [...c, next]),
            }}
          />
        </>
      )}
    </QueryState>
  )
}

export default function BacktestPage() {
  return (
    <Page title="Backtest">
      <Section title="Run a backtest">
        <BacktestForm />
      </Section>
      <Section title="Saved backtests">
        <SavedRuns />
      </Section>
    </Page>
  )
}
