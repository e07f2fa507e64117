/**
 * An agent's six limits (GET/PUT /api/bot-controls/agents/{id}/limits), saved together. Money and
 * the position weight are decimal strings exactly as typed (never through a float); a blank field
 * means no limit. The API's 422 shows beside the field it names.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Field } from '../../ui/Field.tsx'
import { formFields, useFieldErrors } from '../../ui/form.ts'
import { dateTime } from '../../ui/format.ts'
import { Section } from '../../ui/Page.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import {
  type Agent,
  fetchLimits,
  type Limits,
  type LimitsInput,
  limitsKey,
  saveLimits,
  usageKey,
} from './api.ts'
import { useOnGone } from './gone.ts'
import { countWording, moneyWording, weightWording } from './wording.ts'

type Key = Exclude<keyof LimitsInput, 'agent_id' | 'updated_at'>
interface LimitField {
  name: Key
  label: string
  hint: string
  kind: 'int' | 'money' | 'ratio'
}

const FIELDS: LimitField[] = [
  { name: 'max_orders_per_day', label: 'Orders per day', hint: 'whole number', kind: 'int' },
  { name: 'max_orders_per_minute', label: 'Orders per minute', hint: 'whole number', kind: 'int' },
  { name: 'max_order_notional', label: 'Value of one order (USD)', hint: 'e.g. 2500.00', kind: 'money' },
  {
    name: 'max_notional_per_day',
    label: 'Value of orders per day (USD)',
    hint: 'e.g. 10000.00',
    kind: 'money',
  },
  { name: 'max_open_positions', label: 'Open positions', hint: 'whole number', kind: 'int' },
  {
    name: 'max_position_weight',
    label: 'Weight of one position in the account',
    hint: 'a fraction from 0 to 1: 0.25 is 25 %',
    kind: 'ratio',
  },
]

/** The form's text as the API takes it: blank → null, whole numbers as numbers, decimals as strings. */
function toInput(get: (name: string) => string): LimitsInput {
  const out: Record<string, string | number | null> = {}
  for (const f of FIELDS) {
    const v = get(f.name).trim()
    out[f.name] = v === '' ? null : f.kind === 'int' && /^\d+$/.test(v) ? Number(v) : v
  }
  return out as unknown as LimitsInput
}

const WORDING = { int: countWording, money: moneyWording, ratio: weightWording }
const NAMES = FIELDS.map((f) => f.name)

function LimitsForm({ agent, limits }: { agent: Agent; limits: Limits }) {
  const client = useQueryClient()
  const agentId = agent.agent_id
  const onGone = useOnGone(agent)
  const [saved, setSaved] = useState(false)
  const save = useMutation({
    mutationFn: (body: LimitsInput) => saveLimits(agentId, body),
    onMutate: () => setSaved(false),
    onError: onGone,
    onSuccess: async (l) => {
      client.setQueryData(limitsKey(agentId), l)
      setSaved(true)
      await client.invalidateQueries({ queryKey: usageKey(agentId) })
    },
  })
  const errors = useFieldErrors(save.error)
  return (
    <form
      className="limits-form"
      key={limits.updated_at ?? 'new'}
      onSubmit={(e) => {
        const input = toInput(formFields(e))
        if (!save.isPending) save.mutate(input)
      }}
      onChange={errors.onChange}
    >
      <div className="limit-fields">
        {FIELDS.map((f) => {
          const v = limits[f.name]
          return (
            <Field
              key={f.name}
              label={f.label}
              name={f.name}
              hint={`${f.hint}; blank for no limit`}
              inputMode={f.kind === 'int' ? 'numeric' : 'decimal'}
              autoComplete="off"
              defaultValue={v === null || v === undefined ? '' : String(v)}
              error={errors.errorFor(f.name)}
              wording={WORDING[f.kind]}
            />
          )
        })}
      </div>
      <ProblemAlert error={save.error} fields={NAMES} />
      <div className="actions">
        <button type="submit" aria-disabled={save.isPending || undefined}>
          Save the limits
        </button>
        <span role="status" className="muted" data-saved={saved ? 'yes' : undefined}>
          {saved && !save.isPending ? `Saved ${dateTime(limits.updated_at)}.` : ''}
        </span>
      </div>
      <p className="muted">
        An order exactly at a limit passes; one cent over is refused. Daily counts start again at the
        beginning of each New York trading day.
      </p>
    </form>
  )
}

export function LimitsEditor({ agent }: { agent: Agent }) {
  const agentId = agent.agent_id
  const limits = useQuery({ queryKey: limitsKey(agentId), queryFn: () => fetchLimits(agentId) })
  return (
    <Section title="Limits">
      <QueryState query={limits} label="Loading the limits">
        {(l) => <LimitsForm agent={agent} limits={l} />}
      </QueryState>
    </Section>
  )
}
