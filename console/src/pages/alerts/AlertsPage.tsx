/**
 * /alerts — the caller's alert rules (list, switch on and off, delete), a new rule built from the
 * capabilities, quiet hours, and the delivery trace. Rules and quiet hours are one document saved
 * whole (PUT /api/alerts/prefs); a 422 about one rule or about the quiet hours shows in that form.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Page, Section } from '../../ui/Page.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import {
  asInput,
  CAPABILITIES,
  type Capabilities,
  errorsAt,
  fetchCapabilities,
  fetchPrefs,
  PREFS,
  type Prefs,
  type PrefsInput,
  type QuietHours,
  type RuleInput,
  savePrefs,
} from './api.ts'
import { DeliveryTrace } from './DeliveryTrace.tsx'
import { QuietHoursForm } from './QuietHours.tsx'
import { RuleEditor } from './RuleEditor.tsx'
import { RulesList } from './RulesList.tsx'

type Change =
  | { what: 'add'; rule: RuleInput }
  | { what: 'rules'; rules: RuleInput[] }
  | { what: 'quiet'; quiet: QuietHours }

function Editors({ caps, prefs }: { caps: Capabilities; prefs: Prefs }) {
  const client = useQueryClient()
  const [last, setLast] = useState<Change['what'] | null>(null)
  const current = prefs.rules.map(asInput)
  const save = useMutation({
    mutationFn: (c: Change) => {
      setLast(c.what)
      const body: PrefsInput = {
        rules: c.what === 'add' ? [...current, c.rule] : c.what === 'rules' ? c.rules : current,
        quiet_hours: c.what === 'quiet' ? c.quiet : prefs.quiet_hours,
      }
      return savePrefs(body)
    },
    onSuccess: (saved) => {
      client.setQueryData(PREFS, saved)
      void client.invalidateQueries({ queryKey: ['alerts', 'deliveries'] })
    },
  })
  const err = (what: Change['what']) => (last === what ? save.error : undefined)
  // A 422 about the new rule names its index: the one after the saved rules.
  const addError =
    errorsAt(err('add'), 'rules', current.length) ?? (errorsAt(err('add'), 'rules') ? undefined : err('add'))
  return (
    <>
      <Section title="Your rules">
        <p className="muted">
          {prefs.limits.rules_used} {prefs.limits.rules_used === 1 ? 'rule' : 'rules'}
          {prefs.limits.rules !== null
            ? ` of the ${prefs.limits.rules} your ${caps.caps.plan} plan allows`
            : ''}
          .
        </p>
        <RulesList
          rules={prefs.rules}
          caps={caps}
          busy={save.isPending}
          error={err('rules')}
          onToggle={(i, enabled) =>
            save.mutate({ what: 'rules', rules: current.map((r, k) => (k === i ? { ...r, enabled } : r)) })
          }
          onDelete={(i) => save.mutate({ what: 'rules', rules: current.filter((_, k) => k !== i) })}
        />
      </Section>
      <div className="grid">
        <Section title="New rule">
          {/* A new rule's form starts afresh once a rule was added (the count changed). */}
          <RuleEditor
            key={prefs.rules.length}
            caps={caps}
            busy={save.isPending}
            error={addError}
            onSave={(rule) => save.mutate({ what: 'add', rule })}
          />
          {errorsAt(err('add'), 'rules') && !errorsAt(err('add'), 'rules', current.length) && (
            <ProblemAlert error={err('add')} />
          )}
          {last === 'add' && save.isSuccess && (
            <p role="status" className="muted">
              Rule added.
            </p>
          )}
        </Section>
        <Section title="Quiet hours">
          <QuietHoursForm
            value={prefs.quiet_hours}
            busy={save.isPending}
            error={errorsAt(err('quiet'), 'quiet_hours') ?? err('quiet')}
            saved={last === 'quiet' && save.isSuccess}
            onSave={(quiet) => save.mutate({ what: 'quiet', quiet })}
          />
        </Section>
      </div>
    </>
  )
}

export default function AlertsPage() {
  const caps = useQuery({ queryKey: CAPABILITIES, queryFn: fetchCapabilities, staleTime: 600_000 })
  const prefs = useQuery({ queryKey: PREFS, queryFn: fetchPrefs })
  return (
    <Page title="Alerts">
      <QueryState query={caps} label="Loading the alert types">
        {(c) => (
          <>
            <QueryState query={prefs} label="Loading your alert rules">
              {(p) => <Editors caps={c} prefs={p} />}
            </QueryState>
            <Section title="Delivery trace">
              <DeliveryTrace caps={c} />
            </Section>
          </>
        )}
      </QueryState>
    </Page>
  )
}
