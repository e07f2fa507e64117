import { messageOf } from '../api/problem.ts'

/** The API's problem `detail` (or any error's message) where the user looks; nothing when no error. */
export function ProblemAlert({ error }: { error: unknown }) {
  if (!error) return null
  return (
    <p role="alert" className="problem">
      {messageOf(error)}
    </p>
  )
}
