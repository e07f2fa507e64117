/**
 * The delivery trace (GET /api/alerts/deliveries): each time a rule fired, the condition and the
 * values that made it fire, and on each channel what became of it, in words — sent, held for quiet
 * hours until when, suppressed by which suppression, capped at which limit, failed with the
 * provider's answer. Filtered by alert type.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { SelectField } from '../../ui/Field.tsx'
import { dateTime } from '../../ui/format.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { type AlertTypeName, type Capabilities, deliveriesKey, fetchDeliveries, type Firing } from './api.ts'
import { fetchSuppressions, SUPPRESSIONS } from '../../api/queries.ts'
import { channelLabel, statusWords, type SuppressionFacts } from './trace.ts'

/** A value of the condition or the values as text: lists joined, objects as their key–value pairs. */
function show(v: unknown): string {
  if (Array.isArray(v)) return v.map(show).join(', ')
  if (v && typeof v === 'object') return pairs(v)
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : ''
}
/** The rule's parameters as they were when it fired, then the rest (the frequency). */
function conditionText(c: unknown): string {
  const { params, ...rest } = (c && typeof c === 'object' ? c : {}) as Record<string, unknown>
  return [pairs(params), pairs(rest).replace(/_/g, ' ')].filter(Boolean).join(' · ')
}
function pairs(o: unknown): string {
  if (!o || typeof o !== 'object') return ''
  return Object.entries(o as Record<string, unknown>)
    .map(([k, v]) => `${k.replace(/_/g, ' ')} ${show(v)}`)
    .join(' · ')
}

function FiringItem({ f, known }: { f: Firing; known: SuppressionFacts }) {
  return (
    <li className="firing" data-firing={f.firing_id}>
      <div className="firing-head">
        <strong>{f.alert_type.replace(/_/g, ' ')}</strong>
        <time dateTime={f.fired_at} className="muted">
          {dateTime(f.fired_at)}
        </time>
      </div>
      <p className="firing-why">
        Condition: <span data-condition>{conditionText(f.condition)}</span>
        {f.values && Object.keys(f.values).length > 0 && (
          <>
            {' '}
            — fired with: <span data-values>{pairs(f.values)}</span>
          </>
        )}
      </p>
      <ul className="firing-channels">
        {f.channels.map((d) => (
          <li key={d.channel} data-channel={d.channel} data-status={d.status}>
            <strong>{channelLabel(d.channel)}</strong>:{' '}
            <span className="delivery-words">{statusWords(d, known)}</span>
          </li>
        ))}
      </ul>
    </li>
  )
}

export function DeliveryTrace({ caps }: { caps: Capabilities }) {
  const [alertType, setAlertType] = useState<AlertTypeName | ''>('')
  const firings = useQuery({
    queryKey: deliveriesKey(alertType),
    queryFn: () => fetchDeliveries(alertType),
    placeholderData: keepPreviousData,
  })
  // A suppression's date and list, for "suppressed: you unsubscribed from alert e-mails on …".
  const suppressions = useQuery({ queryKey: SUPPRESSIONS, queryFn: fetchSuppressions })
  const known: SuppressionFacts = new Map(
    (suppressions.data?.items ?? []).map((s) => [
      s.suppression_id,
      { created_at: s.created_at, list: s.list },
    ]),
  )
  return (
    <>
      <div className="filters">
        <SelectField
          label="Alert type"
          name="trace_alert_type"
          value={alertType}
          onChange={(e) => setAlertType(e.target.value as AlertTypeName | '')}
        >
          <option value="">All types</option>
          {caps.types.map((t) => (
            <option key={t.type} value={t.type}>
              {t.type.replace(/_/g, ' ')}
            </option>
          ))}
        </SelectField>
      </div>
      <QueryState
        query={firings}
        label="Loading the delivery trace"
        isEmpty={(d) => d.items.length === 0}
        empty="Nothing has fired yet. When a rule fires, each channel’s outcome is listed here with its reason."
      >
        {(d) => (
          <ul className="firings">
            {d.items.map((f) => (
              <FiringItem key={f.firing_id} f={f} known={known} />
            ))}
          </ul>
        )}
      </QueryState>
    </>
  )
}
