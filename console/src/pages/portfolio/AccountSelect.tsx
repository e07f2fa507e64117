/** A select of the tenant's accounts (archived ones marked), for filtering a list by account. */
import { useQuery } from '@tanstack/react-query'
import { SelectField } from '../../ui/Field.tsx'
import { accountsKey, fetchAccounts } from './queries.ts'

export function AccountSelect({
  value,
  onChange,
  label = 'Account',
  allLabel = 'All accounts',
  manualOnly = false,
  error,
}: {
  value: number | undefined
  onChange: (id: number | undefined) => void
  label?: string
  allLabel?: string | null
  manualOnly?: boolean
  error?: unknown
}) {
  const accounts = useQuery({ queryKey: accountsKey(true), queryFn: () => fetchAccounts(true) })
  const items = (accounts.data?.items ?? []).filter((a) => !manualOnly || a.broker_type === 'manual')
  return (
    <SelectField
      label={label}
      name="account_id"
      error={error}
      value={value === undefined ? '' : String(value)}
      onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
      hint={accounts.isError ? accounts.error.message : undefined}
    >
      {allLabel !== null && <option value="">{allLabel}</option>}
      {allLabel === null && value === undefined && <option value="">Choose an account</option>}
      {items.map((a) => (
        <option key={a.id} value={a.id}>
          {a.name}
          {a.archived ? ' (archived)' : ''}
        </option>
      ))}
    </SelectField>
  )
}
