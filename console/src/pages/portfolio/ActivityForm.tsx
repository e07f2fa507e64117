/**
 * Recording an activity by hand: the type decides which fields count (the API checks them and
 * names the field it refuses). BUY/SELL take symbol, quantity and price; cash events an amount.
 */
import { useMutation } from '@tanstack/react-query'
import { api, data, type paths } from '../../api/client.ts'
import { Field, SelectField } from '../../ui/Field.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { formFields } from '../../ui/form.ts'
import { AccountSelect } from './AccountSelect.tsx'
import { numberField, textField, useRefreshAll, type ActivityType } from './queries.ts'
import { useState } from 'react'

type CreateBody = paths['/api/activities']['post']['requestBody']['content']['application/json']

export const ACTIVITY_TYPES: ActivityType[] = [
  'BUY',
  'SELL',
  'DIVIDEND',
  'INTEREST',
  'FEE',
  'TAX',
  'DEPOSIT',
  'WITHDRAWAL',
  'TRANSFER_IN',
  'TRANSFER_OUT',
  'SPLIT',
]

export function ActivityForm({ defaultAccount }: { defaultAccount: number | undefined }) {
  const [accountId, setAccountId] = useState(defaultAccount)
  const refresh = useRefreshAll()
  const create = useMutation({
    mutationFn: (body: CreateBody) => data(api.POST('/api/activities', { body })),
    onSuccess: refresh,
  })
  return (
    <form
      className="inline"
      aria-label="Record an activity"
      onSubmit={(e) => {
        const f = formFields(e)
        const form = e.currentTarget
        const body = {
          account_id: accountId,
          type: f('type'),
          date: textField(f('date')),
          symbol: textField(f('symbol').toUpperCase()),
          quantity: numberField(f('quantity')),
          price: numberField(f('price')),
          amount: numberField(f('amount')),
          fee: numberField(f('fee')),
          currency: textField(f('currency').toUpperCase()),
          note: textField(f('note')),
        } as CreateBody
        create.mutate(body, { onSuccess: () => form.reset() })
      }}
    >
      <AccountSelect value={accountId} onChange={setAccountId} allLabel={null} error={create.error} />
      <SelectField label="Type" name="type" error={create.error} defaultValue="BUY">
        {ACTIVITY_TYPES.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </SelectField>
      <Field label="Date" name="date" type="date" error={create.error} required />
      <Field label="Symbol" name="symbol" error={create.error} size={8} autoComplete="off" />
      <Field
        label="Quantity"
        name="quantity"
        error={create.error}
        inputMode="decimal"
        size={8}
        hint="SPLIT: new per old"
      />
      <Field label="Price" name="price" error={create.error} inputMode="decimal" size={8} />
      <Field
        label="Amount"
        name="amount"
        error={create.error}
        inputMode="decimal"
        size={10}
        hint="trades: quantity × price when blank"
      />
      <Field label="Fee" name="fee" error={create.error} inputMode="decimal" size={6} />
      <Field
        label="Currency"
        name="currency"
        error={create.error}
        maxLength={3}
        size={4}
        hint="the account’s when blank"
      />
      <Field label="Note" name="note" error={create.error} />
      <ProblemAlert error={create.error} />
      <button type="submit" disabled={create.isPending}>
        Record activity
      </button>
    </form>
  )
}
