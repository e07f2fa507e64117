/**
 * Creating a manual account and changing one: name, type and (on creation) currency. The API's 422
 * lands next to the field it names; a 402 (the plan's limit of manual accounts) and any other
 * problem show above the button.
 */
import { useMutation } from '@tanstack/react-query'
import { api, data, type paths } from '../../api/client.ts'
import { Field, SelectField } from '../../ui/Field.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { formFields } from '../../ui/form.ts'
import { textField, useRefreshAll, type Account } from './queries.ts'

type CreateBody = paths['/api/accounts']['post']['requestBody']['content']['application/json']
type PatchBody = NonNullable<
  paths['/api/accounts/{account_id}']['patch']['requestBody']
>['content']['application/json']

export function NewAccountForm({ onCreated }: { onCreated?: (a: Account) => void }) {
  const refresh = useRefreshAll()
  const create = useMutation({
    mutationFn: (body: CreateBody) => data(api.POST('/api/accounts', { body })),
    onSuccess: async (account, _body) => {
      await refresh()
      onCreated?.(account)
    },
  })
  return (
    <form
      className="inline"
      aria-label="New manual account"
      onSubmit={(e) => {
        const f = formFields(e)
        const form = e.currentTarget
        create.mutate(
          {
            name: f('name'),
            broker_type: 'manual',
            account_type: textField(f('account_type')),
            currency: textField(f('currency').toUpperCase()),
          },
          { onSuccess: () => form.reset() },
        )
      }}
    >
      <Field label="Name" name="name" error={create.error} required autoComplete="off" />
      <Field label="Type" name="account_type" error={create.error} hint="e.g. taxable, ira, roth_ira" />
      <Field
        label="Currency"
        name="currency"
        error={create.error}
        placeholder="USD"
        maxLength={3}
        size={5}
        hint="ISO code; USD when blank"
      />
      <ProblemAlert error={create.error} />
      <button type="submit" disabled={create.isPending}>
        Create account
      </button>
    </form>
  )
}

export function EditAccountForm({ account, onDone }: { account: Account; onDone: () => void }) {
  const refresh = useRefreshAll()
  const save = useMutation({
    mutationFn: (body: PatchBody) =>
      data(api.PATCH('/api/accounts/{account_id}', { params: { path: { account_id: account.id } }, body })),
    onSuccess: async () => {
      await refresh()
      onDone()
    },
  })
  return (
    <form
      className="inline"
      aria-label={`Edit ${account.name}`}
      onSubmit={(e) => {
        const f = formFields(e)
        save.mutate({
          name: f('name'),
          account_type: textField(f('account_type')) ?? null,
          cost_method: f('cost_method') === 'average' ? 'average' : 'fifo',
        })
      }}
    >
      <Field label="Name" name="name" defaultValue={account.name} error={save.error} required />
      <Field label="Type" name="account_type" defaultValue={account.account_type ?? ''} error={save.error} />
      <SelectField
        label="Cost method"
        name="cost_method"
        defaultValue={account.cost_method}
        error={save.error}
      >
        <option value="fifo">FIFO</option>
        <option value="average">Average cost</option>
      </SelectField>
      <ProblemAlert error={save.error} />
      <button type="submit" disabled={save.isPending}>
        Save
      </button>
      <button type="button" className="secondary" onClick={onDone}>
        Cancel
      </button>
    </form>
  )
}

/** Closing archives the account (it leaves every figure from today on); reopening brings it back. */
export function useAccountStatus(account: Account) {
  const refresh = useRefreshAll()
  return useMutation({
    mutationFn: (status: 'active' | 'closed') =>
      data(
        api.PATCH('/api/accounts/{account_id}', {
          params: { path: { account_id: account.id } },
          body: { status },
        }),
      ),
    onSuccess: refresh,
  })
}
