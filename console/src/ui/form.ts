import { type FormEvent, useState } from 'react'

/** A submitted form's text fields by name ('' for a missing or file field), after preventDefault. */
export function formFields(e: FormEvent<HTMLFormElement>): (name: string) => string {
  e.preventDefault()
  const data = new FormData(e.currentTarget)
  return (name) => {
    const v = data.get(name)
    return typeof v === 'string' ? v : ''
  }
}

/**
 * A form's error per field, cleared for a field once the user edits it (the message was about what
 * was there before). Put `onChange` on the form: edits bubble up from its inputs. A new error (the
 * next submit's) starts with every field shown again.
 */
export function useFieldErrors(error: unknown) {
  const [edited, setEdited] = useState<{ of: unknown; names: ReadonlySet<string> }>()
  const names = edited && edited.of === error ? edited.names : new Set<string>()
  return {
    errorFor: (name: string): unknown => (names.has(name) ? undefined : error),
    onChange: (e: FormEvent<HTMLFormElement>) => {
      const name = (e.target as { name?: unknown }).name
      if (error && typeof name === 'string' && name && !names.has(name))
        setEdited({ of: error, names: new Set([...names, name]) })
    },
  }
}
