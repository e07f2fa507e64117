/**
 * One parameter of an alert type, drawn from its specification in GET /api/alerts/capabilities: a
 * number with its unit and range, a ticker, a choice, a set of choices, or a name. The API's 422 for
 * the parameter shows under it (the last name of the error's `loc` is the parameter's name).
 */
import { useId } from 'react'
import { Field, SelectField } from '../../ui/Field.tsx'
import { num } from '../../ui/format.ts'
import type { ParamSpec } from './api.ts'

const UNIT: Record<string, string> = { usd: 'USD', percent: '%', days: 'days' }
export const unitLabel = (u: string | null | undefined) => (u ? (UNIT[u] ?? u) : '')

/** "0.1 to 100 %", "at least 1", "" — the range as a hint. */
export function rangeHint(p: ParamSpec): string {
  const unit = unitLabel(p.unit)
  const u = unit ? (unit === '%' ? ' %' : ` ${unit}`) : ''
  const isNumber = p.type === 'decimal' || p.type === 'number' || p.type === 'integer'
  if (!isNumber) return ''
  if (p.min !== null && p.max !== null) return `${num(p.min, 4)} to ${num(p.max, 4)}${u}`
  if (p.min !== null) return `at least ${num(p.min, 4)}${u}`
  if (p.max !== null) return `at most ${num(p.max, 4)}${u}`
  return ''
}

export const paramLabel = (name: string) => {
  const s = name.replace(/_/g, ' ')
  return s.charAt(0).toUpperCase() + s.slice(1)
}

type Value = string | string[]

export function ParamField({
  spec,
  value,
  onChange,
  error,
}: {
  spec: ParamSpec
  value: Value | undefined
  onChange: (v: Value) => void
  error: unknown
}) {
  const id = useId()
  const unit = unitLabel(spec.unit)
  const label = `${paramLabel(spec.name)}${unit ? ` (${unit})` : ''}${spec.required ? '' : ' — optional'}`
  const hint = [rangeHint(spec), spec.description].filter(Boolean).join(' · ')
  if (spec.type === 'enum')
    return (
      <SelectField
        label={label}
        name={spec.name}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => onChange(e.target.value)}
        error={error}
        hint={spec.description}
      >
        {!spec.required && spec.default === undefined && <option value="">—</option>}
        {(spec.values ?? []).map((v) => (
          <option key={v} value={v}>
            {v.replace(/_/g, ' ')}
          </option>
        ))}
      </SelectField>
    )
  if (spec.type === 'enum_list') {
    const chosen = Array.isArray(value) ? value : []
    return (
      <fieldset className="param-set" aria-describedby={`${id}-hint`}>
        <legend>{label}</legend>
        {(spec.values ?? []).map((v) => (
          <label key={v} className="check">
            <input
              type="checkbox"
              name={spec.name}
              value={v}
              checked={chosen.includes(v)}
              onChange={(e) => onChange(e.target.checked ? [...chosen, v] : chosen.filter((c) => c !== v))}
            />
            {v.replace(/_/g, ' ')}
          </label>
        ))}
        <small id={`${id}-hint`}>{spec.description}</small>
        <FieldErrorOf error={error} name={spec.name} />
      </fieldset>
    )
  }
  const numeric = spec.type === 'decimal' || spec.type === 'number' || spec.type === 'integer'
  return (
    <Field
      label={label}
      name={spec.name}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(spec.type === 'symbol' ? e.target.value.toUpperCase() : e.target.value)}
      error={error}
      hint={hint}
      required={spec.required}
      inputMode={spec.type === 'integer' ? 'numeric' : numeric ? 'decimal' : undefined}
      autoComplete="off"
      maxLength={spec.type === 'string' && spec.max !== null ? spec.max : undefined}
    />
  )
}

export function FieldErrorOf({ error, name }: { error: unknown; name: string }) {
  const msg =
    error && typeof error === 'object' && 'fieldMessage' in error
      ? (error as { fieldMessage(n: string): string | undefined }).fieldMessage(name)
      : undefined
  return msg ? (
    <small className="field-error" role="alert">
      {msg}
    </small>
  ) : null
}
