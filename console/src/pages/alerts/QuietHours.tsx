/**
 * Quiet hours: from `start` to `end` (a span across midnight, 22:00–07:00, is the usual case) in a
 * time zone, by default the browser's. In them only in-app items arrive; the other channels are held
 * until they end. Saved with the rules (PUT /api/alerts/prefs); a 422 shows at its field.
 */
import { useState, type FormEvent } from 'react'
import { Field, SelectField } from '../../ui/Field.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import type { QuietHours } from './api.ts'

export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'

/** Every IANA zone the browser knows, with `current` in it even when the browser does not list it. */
function zones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  return all.includes(current) ? all : [current, ...all]
}

export function QuietHoursForm({
  value,
  onSave,
  error,
  busy,
  saved,
}: {
  value: QuietHours | null
  onSave: (q: QuietHours) => void
  error: unknown
  busy: boolean
  saved: boolean
}) {
  const [enabled, setEnabled] = useState(value?.enabled ?? false)
  const [start, setStart] = useState(value?.start ?? '22:00')
  const [end, setEnd] = useState(value?.end ?? '07:00')
  const [zone, setZone] = useState(value?.time_zone ?? browserZone())
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSave({ enabled, start, end, time_zone: zone })
  }
  return (
    <form aria-label="Quiet hours" onSubmit={submit}>
      <label className="check">
        <input
          type="checkbox"
          name="enabled"
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
        />
        Hold e-mail and push notifications during quiet hours (in-app items still arrive)
      </label>
      <div className="inline-fields">
        <Field
          label="From"
          name="start"
          type="time"
          value={start}
          onChange={(e) => setStart(e.target.value)}
          error={error}
          required
        />
        <Field
          label="Until"
          name="end"
          type="time"
          value={end}
          onChange={(e) => setEnd(e.target.value)}
          error={error}
          required
        />
        <SelectField
          label="Time zone"
          name="time_zone"
          value={zone}
          onChange={(e) => setZone(e.target.value)}
          error={error}
        >
          {zones(zone).map((z) => (
            <option key={z} value={z}>
              {z.replace(/_/g, ' ')}
            </option>
          ))}
        </SelectField>
      </div>
      <ProblemAlert error={error} />
      {saved && (
        <p role="status" className="muted">
          Quiet hours saved.
        </p>
      )}
      <div>
        <button type="submit" disabled={busy}>
          Save quiet hours
        </button>
      </div>
    </form>
  )
}
