/**
 * A labelled form control with the API's message for it underneath: a 422 names the field in
 * `errors[].loc`, and the message lands next to the input it is about (and is announced).
 */
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react'
import { ApiError, type FieldError } from '../api/problem.ts'

interface Common {
  label: ReactNode
  name: string
  error?: unknown
  hint?: ReactNode
  /** Plain words for the API's error on this field, where its own message is technical. */
  wording?: (error: FieldError) => string | undefined
}

function messageFor(error: unknown, name: string, wording?: Common['wording']): string | undefined {
  const e = error instanceof ApiError ? error.fieldError(name) : undefined
  return e && (wording?.(e) ?? e.msg)
}

function Wrap({
  id,
  label,
  message,
  hint,
  children,
}: {
  id: string
  label: ReactNode
  message?: string
  hint?: ReactNode
  children: ReactNode
}) {
  return (
    <div className={`field${message ? ' invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && <small id={`${id}-hint`}>{hint}</small>}
      {message && (
        <small className="field-error" id={`${id}-error`} role="alert">
          {message}
        </small>
      )}
    </div>
  )
}

export function Field({
  label,
  name,
  error,
  hint,
  wording,
  ...input
}: Common & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId()
  const message = messageFor(error, name, wording)
  return (
    <Wrap id={id} label={label} message={message} hint={hint}>
      <input
        id={id}
        name={name}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : hint ? `${id}-hint` : undefined}
        {...input}
      />
    </Wrap>
  )
}

export function SelectField({
  label,
  name,
  error,
  hint,
  wording,
  children,
  ...select
}: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId()
  const message = messageFor(error, name, wording)
  return (
    <Wrap id={id} label={label} message={message} hint={hint}>
      <select id={id} name={name} aria-invalid={message ? true : undefined} {...select}>
        {children}
      </select>
    </Wrap>
  )
}
