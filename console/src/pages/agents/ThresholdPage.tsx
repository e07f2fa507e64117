/**
 * /agents/threshold — the approval threshold: an agent's order worth more than it waits for a
 * person's approval. The tenant's threshold, each account's override (it wins over the tenant's for
 * that account), and the preview of a proposed threshold against the recent orders.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Field } from '../../ui/Field.tsx'
import { formFields, useFieldErrors } from '../../ui/form.ts'
import { dateTime } from '../../ui/format.ts'
import { Page, Section } from '../../ui/Page.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { AccountSelect } from '../portfolio/AccountSelect.tsx'
import { AgentsTabs } from './AgentsTabs.tsx'
import { fetchThreshold, saveOverride, saveThreshold, THRESHOLD, type Threshold } from './api.ts'
import { OverridesTable } from './OverridesTable.tsx'
import { PreviewSection } from './PreviewSection.tsx'
import { moneyWording } from './wording.ts'

const orNull = (v: string) => (v.trim() === '' ? null : v.trim())

function useSave<A>(fn: (a: A) => Promise<unknown>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: THRESHOLD }),
  })
}

function TenantThreshold({ t }: { t: Threshold }) {
  const save = useSave((v: string | null) => saveThreshold(v))
  const errors = useFieldErrors(save.error)
  return (
    <form
      key={t.updated_at ?? 'none'}
      className="filters"
      onChange={errors.onChange}
      onSubmit={(e) => {
        const threshold = orNull(formFields(e)('threshold'))
        if (!save.isPending) save.mutate(threshold)
      }}
    >
      <Field
        label="Threshold (USD)"
        name="threshold"
        inputMode="decimal"
        autoComplete="off"
        hint="blank: no order needs approval (unless its key may only propose)"
        defaultValue={t.threshold ?? ''}
        error={errors.errorFor('threshold')}
        wording={moneyWording}
      />
      <button type="submit" aria-disabled={save.isPending || undefined}>
        Save the threshold
      </button>
      <span role="status" className="muted" data-saved={save.isSuccess ? 'yes' : undefined}>
        {save.isSuccess ? 'Saved.' : ''}
      </span>
      <ProblemAlert error={save.error} fields={['threshold']} />
    </form>
  )
}

function AddOverride() {
  const [account, setAccount] = useState<number>()
  const save = useSave((v: { account: number; threshold: string | null }) =>
    saveOverride(v.account, v.threshold),
  )
  const errors = useFieldErrors(save.error)
  return (
    <form
      className="filters"
      onChange={errors.onChange}
      onSubmit={(e) => {
        const form = e.currentTarget
        const threshold = orNull(formFields(e)('threshold'))
        if (account !== undefined && !save.isPending)
          save.mutate({ account, threshold }, { onSuccess: () => form.reset() })
      }}
    >
      <AccountSelect
        value={account}
        onChange={setAccount}
        allLabel={null}
        error={errors.errorFor('account_id')}
      />
      <Field
        label="Threshold for this account (USD)"
        name="threshold"
        inputMode="decimal"
        autoComplete="off"
        required
        error={errors.errorFor('threshold')}
        wording={moneyWording}
      />
      <button type="submit" disabled={account === undefined} aria-disabled={save.isPending || undefined}>
        Set the override
      </button>
      <ProblemAlert error={save.error} fields={['account_id', 'threshold']} />
    </form>
  )
}

export default function ThresholdPage() {
  const threshold = useQuery({ queryKey: THRESHOLD, queryFn: fetchThreshold })
  return (
    <Page title="Approval threshold">
      <AgentsTabs />
      <Section title="For all accounts">
        <p className="muted">
          An agent's order priced above the threshold is held until you approve it. An account's own threshold
          below wins over this one.
        </p>
        <QueryState query={threshold} label="Loading the threshold">
          {(t) => (
            <>
              <TenantThreshold t={t} />
              {t.updated_at && <p className="muted">Last changed {dateTime(t.updated_at)}.</p>}
            </>
          )}
        </QueryState>
      </Section>
      <Section title="Per account">
        <QueryState query={threshold} label="Loading the overrides">
          {(t) => <OverridesTable overrides={t.overrides} tenantThreshold={t.threshold} />}
        </QueryState>
        <AddOverride />
      </Section>
      <PreviewSection current={threshold.data?.threshold ?? null} />
    </Page>
  )
}
