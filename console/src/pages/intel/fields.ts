/**
 * The API names a field by its path (`['body', 'params', 'symbols', 0]`); the form's fields go by
 * name. This keeps the API's problem but names each error by its last non-index segment, so the
 * message of a list item lands next to the list's field.
 */
import { ApiError } from '../../api/problem.ts'

export function byFieldName(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.problem.errors) return error
  const errors = error.problem.errors.map((e) => {
    const loc = [...e.loc]
    while (loc.length > 1 && typeof loc.at(-1) === 'number') loc.pop()
    return { ...e, loc }
  })
  return new ApiError(error.status, { ...error.problem, errors })
}

/** "aapl, msft" → ['AAPL', 'MSFT']; undefined when blank. */
export function symbolList(text: string): string[] | undefined {
  const list = text
    .split(/[\s,]+/)
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean)
  return list.length ? list : undefined
}

/** A number field: undefined when blank, else Number(text) (NaN reaches the API, which names it). */
export function numberOrUndefined(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text)
}
