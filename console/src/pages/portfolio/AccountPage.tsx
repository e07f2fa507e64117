/**
 * One account: its cash and status, and for a manual account its holdings and closed trades, each
 * editable. A broker-connected account's holdings and trades come from its broker; the page says so
 * and points to the holdings list.
 */
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { Page } from '../../ui/Page.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { Stat } from '../../ui/Stat.tsx'
import { date } from '../../ui/format.ts'
import { Cash } from './Cash.tsx'
import { PortfolioLinks } from './PortfolioLinks.tsx'
import { PositionsSection } from './PositionsSection.tsx'
import { TradesSection } from './TradesSection.tsx'
import { accountsKey, fetchAccounts, type Account } from './queries.ts'

export default function AccountPage() {
  const id = Number(useParams().accountId)
  const accounts = useQuery({ queryKey: accountsKey(true), queryFn: () => fetchAccounts(true) })
  const account = accounts.data?.items.find((a) => a.id === id)
  return (
    <Page title={account?.name ?? 'Account'} actions={<PortfolioLinks />}>
      <QueryState
        query={accounts}
        label="Loading the account"
        isEmpty={() => !account}
        empty={
          <>
            There is no such account. <Link to="/accounts">See your accounts</Link>.
          </>
        }
      >
        {() => account && <AccountBody account={account} />}
      </QueryState>
    </Page>
  )
}

function AccountBody({ account }: { account: Account }) {
  return (
    <>
      <div className="stats">
        <Stat label="Cash" value={<Cash cash={account.cash} />} />
        <Stat
          label="Status"
          value={account.status}
          sub={account.archived ? `archived ${date(account.archived_at)}` : undefined}
        />
        <Stat
          label="Kind"
          value={account.broker_type === 'manual' ? 'Manual' : account.broker_type}
          sub={account.currency}
        />
      </div>
      <p>
        <Link to={`/holdings?account=${account.id}`}>Holdings at today’s prices</Link> ·{' '}
        <Link to={`/activities?account=${account.id}`}>Activity ledger</Link>
        {account.broker_type === 'manual' && (
          <>
            {' '}
            · <Link to={`/import?account=${account.id}`}>Import a CSV</Link>
          </>
        )}
      </p>
      {account.broker_type === 'manual' ? (
        <>
          <PositionsSection account={account} />
          <TradesSection account={account} />
        </>
      ) : (
        <p className="notice">
          This account is kept by its broker: its holdings and trades follow each sync and cannot be edited
          here.
        </p>
      )}
    </>
  )
}
