/**
 * What an agent may trade (PATCH /api/bot-controls/agents/{id}): the symbols, the New York hours
 * (start inclusive, end exclusive; "until midnight" sends the end 24:00, which a time input cannot
 * hold) and the accounts. Blank means any; the API upper-cases and de-duplicates the symbols. Its 422
 * names a refused symbol by its place in the list sent: the message under the field names the
 * symbols themselves, as typed, so that in a long list the user sees which to fix.
 */
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { ApiError, type FieldError, fieldName } from '../../api/problem.ts'
import { Field } from '../../ui/Field.tsx'
import { formFields, useFieldErrors } from '../../ui/form.ts'
import { Section } from '../../ui/Page.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { accountsKey, fetchAccounts } from '../portfolio/queries.ts'
import { useAgentPatch } from './AgentControls.tsx'
import type { Agent, AgentPatch } from './api.ts'

/** The end of the day as the API writes it; a time input only goes to 23:59. */
const MIDNIGHT = '24:00'

function toPatch(get: (name: string) => string, accounts: number[], toMidnight: boolean): AgentPatch {
  const symbols = get('allowed_symbols')
    .split(/[\s,]+/)
    .filter(Boolean)
  const start = get('start')
  const end = toMidnight ? MIDNIGHT : get('end')
  return {
    allowed_symbols: symbols.length ? symbols : null,
    allowed_hours: start || end ? { start, end } : null,
    allowed_accounts: accounts.length ? accounts : null,
  }
}

/** "“$$$”, “TOOLONGSYMBOL1”: must be a ticker…": the refused symbols of `sent`, with the API's message. */
function symbolsWording(error: unknown, sent: readonly string[] | null | undefined) {
  return (first: FieldError): string | undefined => {
    if (!(error instanceof ApiError) || !sent) return undefined
    const refused = (error.problem.errors ?? [])
      .filter((e) => fieldName(e.loc) === 'allowed_symbols')
      .map((e) => e.loc.at(-1))
      .filter((i): i is number => typeof i === 'number' && sent[i] !== undefined)
      .map((i) => `“${sent[i]}”`)
    return refused.length ? `${[...new Set(refused)].join(', ')}: ${first.msg}` : undefined
  }
}

export function AllowLists({ agent }: { agent: Agent }) {
  const patch = useAgentPatch(agent)
  const all = useQuery({ queryKey: accountsKey(false), queryFn: () => fetchAccounts(false) })
  const [accounts, setAccounts] = useState<number[]>(agent.allowed_accounts ?? [])
  const savedEnd = agent.allowed_hours?.end
  const [toMidnight, setToMidnight] = useState(savedEnd === MIDNIGHT)
  const errors = useFieldErrors(patch.error)
  return (
    <Section title="What it may trade">
      <form
        key={agent.updated_at}
        onChange={errors.onChange}
        onSubmit={(e) => {
          const body = toPatch(formFields(e), accounts, toMidnight)
          if (!patch.isPending) patch.mutate(body)
        }}
      >
        <Field
          label="Symbols"
          name="allowed_symbols"
          hint="separated by commas or spaces; blank for any symbol"
          defaultValue={(agent.allowed_symbols ?? []).join(', ')}
          error={errors.errorFor('allowed_symbols')}
          wording={symbolsWording(patch.error, patch.variables?.allowed_symbols)}
        />
        <div className="inline-fields">
          <Field
            label="From (New York time)"
            name="start"
            type="time"
            defaultValue={agent.allowed_hours?.start ?? ''}
            error={errors.errorFor('start')}
          />
          <Field
            label="Until"
            name="end"
            type="time"
            hint="blank for any time"
            defaultValue={savedEnd === MIDNIGHT ? '' : (savedEnd ?? '')}
            disabled={toMidnight}
            error={errors.errorFor('end')}
          />
          <label className="check">
            <input
              type="checkbox"
              name="to_midnight"
              checked={toMidnight}
              onChange={(e) => setToMidnight(e.currentTarget.checked)}
            />
            Until midnight
          </label>
        </div>
        <fieldset className="param-set">
          <legend>Accounts (none ticked: any of yours)</legend>
          {(all.data?.items ?? []).map((a) => (
            <label key={a.id} className="check">
              <input
                type="checkbox"
                name="allowed_accounts"
                value={a.id}
                checked={accounts.includes(a.id)}
                onChange={(e) =>
                  setAccounts(e.target.checked ? [...accounts, a.id] : accounts.filter((x) => x !== a.id))
                }
              />
              {a.name}
            </label>
          ))}
          {all.data?.items.length === 0 && <p className="muted">No account yet.</p>}
          <ProblemAlert error={all.error} />
        </fieldset>
        <ProblemAlert error={patch.error} fields={['allowed_symbols', 'start', 'end']} />
        <div className="actions">
          <button type="submit" aria-disabled={patch.isPending || undefined}>
            Save what it may trade
          </button>
          <span role="status" className="muted">
            {patch.isSuccess ? 'Saved.' : ''}
          </span>
        </div>
      </form>
    </Section>
  )
}
