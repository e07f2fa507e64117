/**
 * A new alert rule, built from the capabilities: pick a type, and its parameters appear with their
 * units and ranges; pick the channels and the frequency. Saving adds it to the caller's rules (the
 * page PUTs the whole prefs); the API's 422 about this rule lands on the field it names.
 */
import { useState, type FormEvent } from 'react'
import { SelectField } from '../../ui/Field.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import type { AlertTypeSpec, Capabilities, ParamSpec, RuleInput } from './api.ts'
import { FieldErrorOf, ParamField } from './ParamField.tsx'
import { channelLabel } from './trace.ts'

type Value = string | string[]

const initial = (t: AlertTypeSpec | undefined): Record<string, Value> =>
  Object.fromEntries(
    (t?.params ?? []).flatMap((p) =>
      p.default === undefined
        ? []
        : [[p.name, Array.isArray(p.default) ? [...p.default] : String(p.default)]],
    ),
  )

/** Shown unless it depends on another parameter's value that is not chosen. */
const shown = (p: ParamSpec, values: Record<string, Value>) =>
  !p.required_when || values[p.required_when.param] === p.required_when.equals

/** The parameters as the API takes them: numbers of type number/integer as numbers, decimals as strings. */
function paramsOf(t: AlertTypeSpec, values: Record<string, Value>): RuleInput['params'] {
  const out: Record<string, string | number | string[]> = {}
  for (const p of t.params) {
    const v = values[p.name]
    if (!shown(p, values) || v === undefined || v === '') continue
    const n = typeof v === 'string' ? Number(v.trim()) : NaN
    out[p.name] =
      (p.type === 'number' || p.type === 'integer') &&
      typeof v === 'string' &&
      v.trim() !== '' &&
      Number.isFinite(n)
        ? n
        : typeof v === 'string'
          ? v.trim()
          : v
  }
  return out
}

export function RuleEditor({
  caps,
  onSave,
  error,
  busy,
}: {
  caps: Capabilities
  onSave: (rule: RuleInput) => void
  /** The API's 422 about this rule only (errorsAt), or another error of the save. */
  error: unknown
  busy: boolean
}) {
  const [typeName, setTypeName] = useState(caps.types[0]?.type ?? '')
  const type = caps.types.find((t) => t.type === typeName)
  const [values, setValues] = useState<Record<string, Value>>(() => initial(type))
  const [channels, setChannels] = useState<string[]>(['in_app'])
  const [frequency, setFrequency] = useState(caps.frequencies[0]?.frequency ?? 'once')
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (type)
      onSave({
        // The capabilities name types, channels and frequencies as strings; the API checks them.
        alert_type: type.type as RuleInput['alert_type'],
        params: paramsOf(type, values),
        channels: channels as RuleInput['channels'],
        frequency: frequency as RuleInput['frequency'],
        enabled: true,
      })
  }
  return (
    <form aria-label="New alert rule" onSubmit={submit} className="rule-editor">
      <SelectField
        label="Alert when"
        name="alert_type"
        value={typeName}
        onChange={(e) => {
          setTypeName(e.target.value)
          setValues(initial(caps.types.find((t) => t.type === e.target.value)))
        }}
        error={error}
        hint={type?.description}
      >
        {caps.types.map((t) => (
          <option key={t.type} value={t.type}>
            {t.type.replace(/_/g, ' ')}
          </option>
        ))}
      </SelectField>
      {type?.params
        .filter((p) => shown(p, values))
        .map((p) => (
          <ParamField
            key={`${type.type}.${p.name}`}
            spec={p}
            value={values[p.name]}
            onChange={(v) => setValues({ ...values, [p.name]: v })}
            error={error}
          />
        ))}
      <fieldset className="param-set">
        <legend>Channels</legend>
        {caps.channels.map((c) => {
          const cap = caps.caps.per_channel_per_day[c]
          return (
            <label key={c} className="check">
              <input
                type="checkbox"
                name="channels"
                value={c}
                checked={channels.includes(c)}
                onChange={(e) =>
                  setChannels(e.target.checked ? [...channels, c] : channels.filter((x) => x !== c))
                }
              />
              {channelLabel(c)}
              {cap !== null && cap !== undefined && <span className="muted"> (at most {cap} a day)</span>}
            </label>
          )
        })}
        <FieldErrorOf error={error} name="channels" />
      </fieldset>
      <SelectField
        label="Frequency"
        name="frequency"
        value={frequency}
        onChange={(e) => setFrequency(e.target.value)}
        error={error}
        hint={caps.frequencies.find((f) => f.frequency === frequency)?.description}
      >
        {caps.frequencies.map((f) => (
          <option key={f.frequency} value={f.frequency}>
            {f.frequency.replace(/_/g, ' ')}
          </option>
        ))}
      </SelectField>
      <ProblemAlert error={error} />
      <div>
        <button type="submit" disabled={busy || !type}>
          Add rule
        </button>
      </div>
    </form>
  )
}
