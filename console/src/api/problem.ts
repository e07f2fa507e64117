/**
 * The API's errors are RFC 9457 problems: `detail` says what is wrong for a person, `errors[].loc`
 * names the field (['body', 'quantity']) so a form can show the message next to it.
 */
export interface FieldError {
  loc: (string | number)[]
  msg: string
  type: string
}
export interface Problem {
  type?: string
  title?: string
  status?: number
  detail?: string
  code?: string
  errors?: FieldError[]
  retry_after?: number
  // RFC 6749 answers of the token endpoint
  error?: string
  error_description?: string
}

export class ApiError extends Error {
  readonly status: number
  readonly problem: Problem

  constructor(status: number, problem: Problem | undefined) {
    const p = problem && typeof problem === 'object' ? problem : {}
    super(p.detail ?? p.error_description ?? p.title ?? `The service answered ${status}`)
    this.status = status
    this.problem = p
  }

  /** The message for one form field, if the API named it (see `fieldName`). */
  fieldMessage(field: string): string | undefined {
    return this.fieldError(field)?.msg
  }

  /** The API's first error for one form field (its `type` says what kind of mistake it is). */
  fieldError(field: string): FieldError | undefined {
    return this.problem.errors?.find((e) => fieldName(e.loc) === field)
  }
}

/** The form field an error's `loc` names: its last name, so ['body', 'symbols', 2] is `symbols`. */
export const fieldName = (loc: (string | number)[]): string | undefined =>
  loc.findLast((part): part is string => typeof part === 'string')

/** A person-readable sentence for any thrown value. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message
  if (error instanceof Error) return error.message
  return 'Something went wrong'
}
