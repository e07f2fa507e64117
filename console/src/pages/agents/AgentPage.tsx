/**
 * /agents/:agentId — one agent: its switches (trading state, enabled, mode), today's usage, its
 * limits, what it may trade, its credential and its order log; archiving it (its key stops, its
 * orders waiting for approval are rejected, its history stays). An agent archived elsewhere answers 404
 * to the next read or action: the page says so instead of showing it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useParams } from 'react-router'
import { ApiError } from '../../api/problem.ts'
import { Page, Section } from '../../ui/Page.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { ConfirmButton } from '../portfolio/ConfirmButton.tsx'
import { AgentsTabs } from './AgentsTabs.tsx'
import { EnabledSwitch, ModeSelect, StateSwitch } from './AgentControls.tsx'
import { AllowLists } from './AllowLists.tsx'
import { type Agent, AGENTS, agentKey, archiveAgent, fetchAgent } from './api.ts'
import { CredentialSection } from './CredentialSection.tsx'
import { dropFromLists, useOnGone } from './gone.ts'
import { LimitsEditor } from './LimitsEditor.tsx'
import { OrderLog } from './OrderLog.tsx'
import { UsageSection } from './UsageSection.tsx'

function Controls({ agent }: { agent: Agent }) {
  const client = useQueryClient()
  const navigate = useNavigate()
  const onGone = useOnGone(agent)
  const archive = useMutation({
    mutationFn: () => archiveAgent(agent.agent_id),
    onSuccess: async () => {
      // Out of the cached list now, so the list does not show it (and take it for gone elsewhere).
      dropFromLists(client, agent.agent_id)
      await client.invalidateQueries({ queryKey: AGENTS })
      void navigate('/agents')
    },
    onError: onGone,
  })
  return (
    <Section title="Controls">
      <div className="agent-controls" data-agent={agent.agent_id} data-state={agent.trading_state}>
        <StateSwitch agent={agent} />
        <label className="check">
          <EnabledSwitch agent={agent} /> Enabled
        </label>
        <div className="field">
          <span>Mode</span>
          <ModeSelect agent={agent} />
        </div>
      </div>
      {agent.strategy_label && <p className="muted">Strategy: {agent.strategy_label}</p>}
      <ProblemAlert error={archive.error} />
      <div className="actions">
        <ConfirmButton
          label="Archive the agent"
          question={`Archive ${agent.name}? Its key stops working and its orders waiting for approval are rejected.`}
          confirmLabel="Yes, archive it"
          busy={archive.isPending}
          onConfirm={() => archive.mutate()}
        />
      </div>
    </Section>
  )
}

export default function AgentPage() {
  const id = Number(useParams().agentId)
  const valid = Number.isSafeInteger(id) && id > 0
  const agent = useQuery({ queryKey: agentKey(id), queryFn: () => fetchAgent(id), enabled: valid })
  // An archived agent answers 404 like an unknown one: archived in another tab, it ends up here.
  const gone = agent.error instanceof ApiError && agent.error.status === 404
  if (!valid || gone)
    return (
      <Page title="Agent">
        <AgentsTabs />
        <p className="problem" role="alert" data-gone={gone || undefined}>
          There is no agent at this address
          {gone ? ': it is archived (perhaps in another tab or through the API), or never was' : ''}.{' '}
          <Link to="/agents">Back to your agents</Link>
        </p>
      </Page>
    )
  return (
    <Page title={agent.data?.name ?? 'Agent'}>
      <AgentsTabs />
      <QueryState query={agent} label="Loading the agent">
        {(a) => (
          <>
            <Controls agent={a} />
            <UsageSection agentId={a.agent_id} />
            <LimitsEditor agent={a} />
            <AllowLists agent={a} />
            <CredentialSection agent={a} />
            <OrderLog agentId={a.agent_id} />
          </>
        )}
      </QueryState>
    </Page>
  )
}
