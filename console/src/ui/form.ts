import type { FormEvent } from 'react'

/** A submitted form's text fields by name ('' for a missing or file field), after preventDefault. */
export function formFields(e: FormEvent<HTMLFormElement>): (name: string) => string {
  e.preventDefault()
  const data = new FormData(e.currentTarget)
  return (name) => {
    const v = data.get(name)
    return typeof v === 'string' ? v : ''
  }
}
