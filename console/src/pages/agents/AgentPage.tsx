/**
 * /agents/:agentId — one agent: its switches (trading state, enabled, mode), today's usage, its
 * limits, what it may trade, its credential and its order log; archiving it (its key stops, its
 * orders waiting for approval are rejected, its history stays).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useParams } from 'react-router'
import { Page, Section } from '../../ui/Page.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { ConfirmButton } from '../portfolio/ConfirmButton.tsx'
import { AgentsTabs } from './AgentsTabs.tsx'
import { EnabledSwitch, ModeSelect, StateSwitch } from './AgentControls.tsx'
import { AllowLists } from './AllowLists.tsx'
import { type Agent, AGENTS, agentKey, archiveAgent, fetchAgent } from './api.ts'
import { CredentialSection } from './CredentialSection.tsx'
import { LimitsEditor } from './LimitsEditor.tsx'
import { OrderLog } from './OrderLog.tsx'
import { UsageSection } from './UsageSection.tsx'

function Controls({ agent }: { agent: Agent }) {
  const client = useQueryClient()
  const navigate = useNavigate()
  const archive = useMutation({
    mutationFn: () => archiveAgent(agent.agent_id),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: AGENTS })
      void navigate('/agents')
    },
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
  if (!valid)
    return (
      <Page title="Agent">
        <AgentsTabs />
        <p className="problem" role="alert">
          There is no agent at this address.
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
            <LimitsEditor agentId={a.agent_id} />
            <AllowLists agent={a} />
            <CredentialSection agent={a} />
            <OrderLog agentId={a.agent_id} />
          </>
        )}
      </QueryState>
    </Page>
  )
}
