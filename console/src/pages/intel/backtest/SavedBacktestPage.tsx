/** /intel/backtests/:id — one saved run (GET /backtests/{id}); a run just made comes from the cache. */
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { Page } from '../../../ui/Page.tsx'
import { QueryState } from '../../../ui/QueryState.tsx'
import { backtestKey, getBacktest } from './api.ts'
import { BacktestResult } from './BacktestResult.tsx'

export default function SavedBacktestPage() {
  const id = Number(useParams().id)
  const run = useQuery({ queryKey: backtestKey(id), queryFn: () => getBacktest(id), staleTime: Infinity })
  return (
    <Page title={`Backtest #${id}`} actions={<Link to="/intel">New backtest</Link>}>
      <QueryState query={run} label="Loading the backtest">
        {(r) => <BacktestResult run={r} />}
      </QueryState>
    </Page>
  )
}
