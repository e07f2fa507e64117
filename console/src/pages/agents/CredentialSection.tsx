/**
 * The agent's credential (POST /api/bot-controls/agents/{id}/credentials): the key it sends as
 * `Authorization: Bearer …` to the order route and to /mcp, bound to the scopes chosen here. The key
 * is in that one answer only, so it shows once; issuing again rotates it and the old key stops at once.
 * While the rotation is sent its confirm button ignores presses (one request, one new key) and keeps focus.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { dateTime } from '../../ui/format.ts'
import { Section } from '../../ui/Page.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { CopyButton } from '../settings/CopyButton.tsx'
import {
  type Agent,
  type AgentScope,
  AGENTS,
  agentKey,
  type Credential,
  DEFAULT_SCOPES,
  issueCredential,
  SCOPE_LABELS,
  SCOPES,
} from './api.ts'
import { useOnGone } from './gone.ts'

function ShownOnce({ issued }: { issued: Credential }) {
  return (
    <div className="notice" role="status">
      <p>The agent's key — copy it now, it is shown only this once:</p>
      <p className="api-key">
        <code data-agent-key>{issued.key}</code> <CopyButton text={issued.key} label="Copy the key" />
      </p>
      <p className="muted">Scopes: {issued.scopes.join(', ')}</p>
    </div>
  )
}

function Current({ credential }: { credential: NonNullable<Agent['credential']> }) {
  return (
    <dl className="kv">
      <div>
        <dt>Starts with</dt>
        <dd>
          <code data-agent-key-prefix>{credential.prefix}</code>
        </dd>
      </div>
      <div>
        <dt>Scopes</dt>
        <dd>{credential.scopes.join(', ')}</dd>
      </div>
      <div>
        <dt>Issued</dt>
        <dd>{dateTime(credential.created_at)}</dd>
      </div>
      <div>
        <dt>Last used</dt>
        <dd>{credential.last_used_at ? dateTime(credential.last_used_at) : 'never'}</dd>
      </div>
    </dl>
  )
}

export function CredentialSection({ agent }: { agent: Agent }) {
  const client = useQueryClient()
  const [scopes, setScopes] = useState<string[]>(
    agent.credential ? [...agent.credential.scopes] : [...DEFAULT_SCOPES],
  )
  const [confirming, setConfirming] = useState(false)
  const [issued, setIssued] = useState<Credential>()
  const onGone = useOnGone(agent)
  const issue = useMutation({
    mutationFn: () => issueCredential(agent.agent_id, scopes as AgentScope[]),
    onSuccess: async (c) => {
      setIssued(c)
      setConfirming(false)
      await client.invalidateQueries({ queryKey: agentKey(agent.agent_id) })
      await client.invalidateQueries({ queryKey: AGENTS })
    },
    onError: onGone,
  })
  const rotate = agent.credential !== null
  return (
    <Section title="Credential">
      {issued && <ShownOnce issued={issued} />}
      {agent.credential ? (
        <Current credential={agent.credential} />
      ) : (
        <p className="muted">No credential yet: the agent cannot call the API or /mcp until you issue one.</p>
      )}
      <fieldset className="param-set">
        <legend>What the key may do</legend>
        {SCOPES.map((s) => (
          <label key={s} className="check">
            <input
              type="checkbox"
              name="scopes"
              value={s}
              checked={scopes.includes(s)}
              onChange={(e) => setScopes(e.target.checked ? [...scopes, s] : scopes.filter((x) => x !== s))}
            />
            {SCOPE_LABELS[s]} <code>{s}</code>
          </label>
        ))}
      </fieldset>
      {/* The button below waits for a scope: say why, rather than leave it greyed out unexplained. */}
      {scopes.length === 0 && (
        <p className="muted" id={`no-scope-${agent.agent_id}`} data-no-scope>
          Tick at least one thing the key may do.
        </p>
      )}
      <ProblemAlert error={issue.error} />
      {rotate && confirming ? (
        <div className="confirm" role="group" aria-label="Confirm rotation">
          <p>Rotate the key? The current key stops working at once; the agent will need the new one.</p>
          {/* aria-disabled, not disabled: disabling the pressed button would drop keyboard focus to the page. */}
          <button
            type="button"
            className="danger"
            aria-disabled={issue.isPending || undefined}
            onClick={() => {
              if (!issue.isPending) issue.mutate()
            }}
          >
            Yes, rotate the key
          </button>
          <button type="button" className="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <div className="actions">
          <button
            type="button"
            className={rotate ? 'secondary' : undefined}
            disabled={issue.isPending || scopes.length === 0}
            aria-describedby={scopes.length === 0 ? `no-scope-${agent.agent_id}` : undefined}
            onClick={() => (rotate ? setConfirming(true) : issue.mutate())}
          >
            {rotate ? 'Rotate the key…' : 'Issue a key'}
          </button>
        </div>
      )}
    </Section>
  )
}
