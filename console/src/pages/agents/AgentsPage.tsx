/**
 * /agents — the tenant's agents (automated strategies and AI assistants), a page at a time: each
 * one's trading state, on/off switch and mode, changed in place; and a form to create one (it starts
 * enabled, active, in paper mode, with no limits and no credential). The list is read again on
 * window focus; an agent archived elsewhere leaves it with a line saying so (gone.ts). On a phone
 * each agent is a card (`.stack-on-phone`).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { Field, SelectField } from '../../ui/Field.tsx'
import { formFields, useFieldErrors } from '../../ui/form.ts'
import { dateTime } from '../../ui/format.ts'
import { Page, Section } from '../../ui/Page.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { TableWrap } from '../../ui/TableWrap.tsx'
import { AgentsTabs } from './AgentsTabs.tsx'
import { EnabledSwitch, ModeSelect, StateSwitch } from './AgentControls.tsx'
import { useGone, useMissingAgents } from './gone.ts'
import { AGENTS, type Agent, type AgentInput, createAgent, fetchAgents, PAGE_SIZE } from './api.ts'
import { PageButtons } from './PageButtons.tsx'
import { nameWording } from './wording.ts'

function AgentsTable({ items }: { items: Agent[] }) {
  return (
    <TableWrap label="Your agents">
      <table className="agents stack-on-phone">
        <thead>
          <tr>
            <th scope="col">Agent</th>
            <th scope="col">Trading state</th>
            <th scope="col">Enabled</th>
            <th scope="col">Mode</th>
            <th scope="col">Credential</th>
          </tr>
        </thead>
        <tbody>
          {items.map((a) => (
            <tr key={a.agent_id} data-agent={a.agent_id} data-state={a.trading_state} data-mode={a.mode}>
              <th scope="row" className="wrap">
                <Link to={`/agents/${a.agent_id}`}>{a.name}</Link>
                {a.strategy_label && <span className="holding-name">{a.strategy_label}</span>}
              </th>
              <td data-label="Trading state">
                <StateSwitch agent={a} compact />
              </td>
              <td data-label="Enabled">
                <EnabledSwitch agent={a} />
              </td>
              <td data-label="Mode">
                <ModeSelect agent={a} />
              </td>
              <td data-label="Credential">
                {a.credential ? (
                  <>
                    <code>{a.credential.prefix}…</code>
                    <span className="holding-name">
                      last used {a.credential.last_used_at ? dateTime(a.credential.last_used_at) : 'never'}
                    </span>
                  </>
                ) : (
                  <span className="muted">none</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  )
}

const CREATE_FIELDS = ['name', 'strategy_label', 'mode']

function CreateAgent() {
  const client = useQueryClient()
  const [created, setCreated] = useState<Agent>()
  const create = useMutation({
    mutationFn: (body: AgentInput) => createAgent(body),
    onSuccess: async (a) => {
      setCreated(a)
      await client.invalidateQueries({ queryKey: AGENTS })
    },
  })
  const errors = useFieldErrors(create.error)
  return (
    <Section title="New agent">
      <form
        className="filters"
        onChange={errors.onChange}
        onSubmit={(e) => {
          const form = e.currentTarget
          const get = formFields(e)
          if (create.isPending) return
          const label = get('strategy_label').trim()
          create.mutate(
            {
              name: get('name').trim(),
              mode: get('mode') as AgentInput['mode'],
              ...(label ? { strategy_label: label } : {}),
            },
            { onSuccess: () => form.reset() },
          )
        }}
      >
        <Field
          label="Name"
          name="name"
          required
          maxLength={100}
          error={errors.errorFor('name')}
          wording={nameWording}
        />
        <Field
          label="Strategy (optional)"
          name="strategy_label"
          maxLength={100}
          error={errors.errorFor('strategy_label')}
        />
        <SelectField label="Mode" name="mode" defaultValue="paper" error={errors.errorFor('mode')}>
          <option value="paper">Paper</option>
          <option value="live">Live</option>
        </SelectField>
        <button type="submit" aria-disabled={create.isPending || undefined}>
          Create the agent
        </button>
      </form>
      <ProblemAlert error={create.error} fields={CREATE_FIELDS} />
      {created && !create.error && (
        <p role="status" className="notice" data-created={created.agent_id}>
          {created.name} is created, enabled and active, with no limits yet.{' '}
          <Link to={`/agents/${created.agent_id}`}>Set its limits and issue its credential</Link>.
        </p>
      )}
    </Section>
  )
}

export default function AgentsPage() {
  const [page, setPage] = useState(1)
  const agents = useQuery({
    queryKey: [...AGENTS, page],
    queryFn: () => fetchAgents(page),
    placeholderData: keepPreviousData,
    // Another tab or the API may have archived or created one meanwhile, however recent the last read.
    refetchOnWindowFocus: 'always',
  })
  useMissingAgents(page, agents.isPlaceholderData ? undefined : agents.data?.items)
  const gone = useGone()
  return (
    <Page title="Agents">
      <AgentsTabs />
      <p className="muted">
        Every order an agent places passes its controls first: its trading state, its allow-lists and limits,
        then the approval threshold. Halting an agent refuses its next order at once.
      </p>
      <Section title="Your agents">
        {gone.length > 0 && (
          <p role="status" className="notice" data-gone={gone.map((a) => a.agent_id).join(' ')}>
            No longer listed, archived elsewhere (another tab or the API):{' '}
            {gone.map((a) => a.name).join(', ')}.
          </p>
        )}
        <QueryState
          query={agents}
          label="Loading your agents"
          isEmpty={(d) => d.items.length === 0 && page === 1}
          empty="No agent yet. Create one below, then issue its credential."
        >
          {(d) => (
            <>
              <AgentsTable items={d.items} />
              <PageButtons
                page={page}
                total={d.total}
                pageSize={PAGE_SIZE}
                onPage={setPage}
                label="Agent pages"
                loading={agents.isPlaceholderData}
              />
            </>
          )}
        </QueryState>
      </Section>
      <CreateAgent />
    </Page>
  )
}
