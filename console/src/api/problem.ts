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

  /**
   * The message for one form field, if the API named it: the last name in `loc`, so an error on an
   * item of a list (['body', 'symbols', 2]) belongs to the list's field.
   */
  fieldMessage(field: string): string | undefined {
    const name = (loc: (string | number)[]) => loc.findLast((part) => typeof part === 'string')
    return this.problem.errors?.find((e) => name(e.loc) === field)?.msg
  }
}

/** A person-readable sentence for any thrown value. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message
  if (error instanceof Error) return error.message
  return 'Something went wrong'
}
