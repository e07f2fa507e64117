/**
 * Accounts: every account of the tenant with its cash now (archived ones on request), a form for a
 * new manual account, and per account: edit, close (archive) or reopen.
 */
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { Page, Section } from '../../ui/Page.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { date } from '../../ui/format.ts'
import { EditAccountForm, NewAccountForm, useAccountStatus } from './AccountForm.tsx'
import { Cash } from './Cash.tsx'
import { ConfirmButton } from './ConfirmButton.tsx'
import { PortfolioLinks } from './PortfolioLinks.tsx'
import { accountsKey, fetchAccounts, type Account } from './queries.ts'
import { TableWrap } from '../../ui/TableWrap.tsx'

export default function AccountsPage() {
  const [archived, setArchived] = useState(false)
  const accounts = useQuery({ queryKey: accountsKey(archived), queryFn: () => fetchAccounts(archived) })
  return (
    <Page title="Accounts" actions={<PortfolioLinks />}>
      <Section title="New manual account">
        <NewAccountForm />
      </Section>
      <Section
        title="Your accounts"
        actions={
          <button
            type="button"
            className="secondary"
            aria-pressed={archived}
            onClick={() => setArchived(!archived)}
          >
            Show archived
          </button>
        }
      >
        <QueryState
          query={accounts}
          label="Loading accounts"
          isEmpty={(d) => d.items.length === 0}
          empty="No accounts yet: create a manual account above, or connect a broker."
        >
          {(d) => <AccountsTable accounts={d.items} />}
        </QueryState>
      </Section>
    </Page>
  )
}

function AccountsTable({ accounts }: { accounts: Account[] }) {
  return (
    <TableWrap label="Accounts">
      <table>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Kind</th>
            <th scope="col">Type</th>
            <th scope="col">Currency</th>
            <th scope="col">Status</th>
            <th scope="col" className="num">
              Cash
            </th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {accounts.map((a) => (
            <AccountRow key={a.id} account={a} />
          ))}
        </tbody>
      </table>
    </TableWrap>
  )
}

function AccountRow({ account: a }: { account: Account }) {
  const [editing, setEditing] = useState(false)
  const status = useAccountStatus(a)
  if (editing)
    return (
      <tr>
        <td colSpan={7}>
          <EditAccountForm account={a} onDone={() => setEditing(false)} />
        </td>
      </tr>
    )
  return (
    <tr data-account={a.id}>
      <th scope="row">
        <Link to={`/accounts/${a.id}`}>{a.name}</Link>
      </th>
      <td>{a.broker_type === 'manual' ? 'Manual' : a.broker_type}</td>
      <td>{a.account_type ?? '—'}</td>
      <td>{a.currency}</td>
      <td>{a.archived ? `${a.status}, archived ${date(a.archived_at)}` : a.status}</td>
      <td className="num">
        <Cash cash={a.cash} />
      </td>
      <td>
        <span className="row-actions">
          <button type="button" className="secondary" onClick={() => setEditing(true)}>
            Edit
          </button>
          {a.archived ? (
            <button type="button" className="secondary" onClick={() => status.mutate('active')}>
              Reopen
            </button>
          ) : (
            <ConfirmButton
              label="Close"
              question={`Close ${a.name}? It leaves every figure from today on.`}
              confirmLabel="Yes, close"
              busy={status.isPending}
              onConfirm={() => status.mutate('closed')}
            />
          )}
        </span>
        <ProblemAlert error={status.error} />
      </td>
    </tr>
  )
}
