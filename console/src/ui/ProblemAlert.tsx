import { ApiError, fieldName, messageOf } from '../api/problem.ts'

/**
 * The API's problem `detail` (or any error's message) where the user looks; nothing when no error.
 * Given the form's `fields`, it leaves out what those fields already show under themselves, and
 * shows only the errors that belong to none of them.
 */
export function ProblemAlert({ error, fields }: { error: unknown; fields?: readonly string[] }) {
  if (!error) return null
  let text = messageOf(error)
  const errors = error instanceof ApiError ? error.problem.errors : undefined
  if (fields && errors?.length) {
    const rest = errors.filter((e) => !fields.includes(fieldName(e.loc) ?? ''))
    if (rest.length === 0) return null
    if (rest.length < errors.length) text = rest.map((e) => e.msg).join('; ')
  }
  return (
    <p role="alert" className="problem">
      {text}
    </p>
  )
}
