/**
 * The caller's alert rules: what each watches, where it is delivered, how often, whether it is on.
 * The switch and the delete button change one rule and save the whole set (PUT /api/alerts/prefs).
 */
import { TableWrap } from '../../ui/TableWrap.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import type { Capabilities, Rule } from './api.ts'
import { paramLabel, unitLabel } from './ParamField.tsx'
import { channelLabel } from './trace.ts'

/** "symbol AAPL · threshold 150 USD" from the rule's parameters and their units. */
export function paramsText(rule: Rule, caps: Capabilities): string {
  const spec = caps.types.find((t) => t.type === rule.alert_type)
  return Object.entries(rule.params as Record<string, unknown>)
    .map(([k, v]) => {
      const unit = unitLabel(spec?.params.find((p) => p.name === k)?.unit)
      const value = Array.isArray(v) ? v.join(', ') : String(v)
      return `${paramLabel(k).toLowerCase()} ${value}${unit ? (unit === '%' ? ' %' : ` ${unit}`) : ''}`
    })
    .join(' · ')
}

export function RulesList({
  rules,
  caps,
  busy,
  error,
  onToggle,
  onDelete,
}: {
  rules: Rule[]
  caps: Capabilities
  busy: boolean
  error: unknown
  onToggle: (index: number, enabled: boolean) => void
  onDelete: (index: number) => void
}) {
  if (rules.length === 0) return <div className="empty">No alert rule yet. Add one below.</div>
  return (
    <>
      <ProblemAlert error={error} />
      <TableWrap label="Your alert rules">
        <table className="alert-rules">
          <thead>
            <tr>
              <th scope="col">Alert</th>
              <th scope="col">Parameters</th>
              <th scope="col">Channels</th>
              <th scope="col">Frequency</th>
              <th scope="col">On</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {rules.map((r, i) => {
              const name = `${r.alert_type.replace(/_/g, ' ')} (${paramsText(r, caps)})`
              return (
                <tr key={r.rule_id} data-rule={r.rule_id} data-alert-type={r.alert_type}>
                  <th scope="row">{r.alert_type.replace(/_/g, ' ')}</th>
                  <td className="wrap">{paramsText(r, caps)}</td>
                  <td>{r.channels.map(channelLabel).join(', ')}</td>
                  <td>{r.frequency.replace(/_/g, ' ')}</td>
                  <td>
                    <input
                      type="checkbox"
                      role="switch"
                      aria-label={`Enabled: ${name}`}
                      checked={r.enabled}
                      disabled={busy}
                      onChange={(e) => onToggle(i, e.target.checked)}
                    />
                  </td>
                  <td>
                    <button
                      type="button"
                      className="danger"
                      disabled={busy}
                      aria-label={`Delete ${name}`}
                      onClick={() => onDelete(i)}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </TableWrap>
    </>
  )
}
