/**
 * One agent's switches, saved as soon as they change (PATCH /api/bot-controls/agents/{id}): its
 * trading state (active, reducing only, halted) as a radio group, whether it is enabled, and its mode
 * (paper or live). While a change is saved the controls ignore input (aria-disabled, not disabled:
 * disabling the focused control would drop keyboard focus to the page); a refusal shows beside them.
 * An agent archived elsewhere answers 404: it leaves the list, which says so (gone.ts).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import {
  type Agent,
  type AgentPatch,
  type MODES,
  patchAgent,
  STATE_HINTS,
  STATE_LABELS,
  TRADING_STATES,
} from './api.ts'
import { useOnGone } from './gone.ts'

export function useAgentPatch(agent: Agent) {
  const client = useQueryClient()
  const onGone = useOnGone(agent)
  return useMutation({
    mutationFn: (body: AgentPatch) => patchAgent(agent.agent_id, body),
    onSuccess: async (saved) => {
      client.setQueryData(['agents', 'agent', saved.agent_id], saved)
      await client.invalidateQueries({ queryKey: ['agents', 'list'] })
    },
    onError: onGone,
  })
}

export function StateSwitch({ agent, compact = false }: { agent: Agent; compact?: boolean }) {
  const patch = useAgentPatch(agent)
  // While the change is saved, the radio shows the state asked for.
  const shown = (patch.isPending && patch.variables.trading_state) || agent.trading_state
  return (
    <fieldset className="state-switch" data-state={agent.trading_state} aria-busy={patch.isPending}>
      <legend className={compact ? 'visually-hidden' : undefined}>Trading state of {agent.name}</legend>
      {TRADING_STATES.map((s) => (
        <label key={s} className="check" title={STATE_HINTS[s]}>
          <input
            type="radio"
            name={`state-${agent.agent_id}`}
            value={s}
            checked={shown === s}
            aria-disabled={patch.isPending || undefined}
            onChange={() => {
              if (!patch.isPending) patch.mutate({ trading_state: s })
            }}
          />
          {STATE_LABELS[s]}
        </label>
      ))}
      <ProblemAlert error={patch.error} />
    </fieldset>
  )
}

export function EnabledSwitch({ agent }: { agent: Agent }) {
  const patch = useAgentPatch(agent)
  return (
    <>
      <input
        type="checkbox"
        role="switch"
        name={`enabled-${agent.agent_id}`}
        aria-label={`${agent.name} enabled`}
        checked={(patch.isPending ? patch.variables.enabled : undefined) ?? agent.enabled}
        aria-disabled={patch.isPending || undefined}
        onChange={(e) => {
          if (!patch.isPending) patch.mutate({ enabled: e.target.checked })
        }}
      />
      <ProblemAlert error={patch.error} />
    </>
  )
}

export function ModeSelect({ agent }: { agent: Agent }) {
  const patch = useAgentPatch(agent)
  return (
    <>
      <select
        name={`mode-${agent.agent_id}`}
        aria-label={`${agent.name} mode`}
        value={(patch.isPending && patch.variables.mode) || agent.mode}
        aria-disabled={patch.isPending || undefined}
        onChange={(e) => {
          if (!patch.isPending) patch.mutate({ mode: e.target.value as (typeof MODES)[number] })
        }}
      >
        <option value="paper">Paper (simulated fills)</option>
        <option value="live">Live (the account's broker)</option>
      </select>
      <ProblemAlert error={patch.error} />
    </>
  )
}
