/** The RFC 9457 problem body and its OpenAPI schemas, shared by every route. */
import { STATUS_CODES } from 'node:http'
import { Type, type Static, type TSchema } from 'typebox'
import type { FieldError } from './errors.ts'

export const FieldErrorSchema = Type.Object({
  loc: Type.Array(Type.Union([Type.String(), Type.Integer()]), {
    description: 'Where: ["query","page_size"]',
  }),
  msg: Type.String(),
  type: Type.String({ description: 'Which rule failed (enum, required, format, …)' }),
  hint: Type.Optional(Type.String({ description: 'The closest valid value, when there is one' })),
})

export const ProblemSchema = Type.Object(
  {
    type: Type.String({ description: 'URI reference naming the problem type' }),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    code: Type.String({ description: 'Stable machine-readable code, e.g. validation.failed' }),
    request_id: Type.Optional(Type.String()),
    errors: Type.Optional(Type.Array(FieldErrorSchema)),
    retry_after: Type.Optional(Type.Integer()),
  },
  { $id: 'Problem', additionalProperties: true, description: 'RFC 9457 problem details' },
)
export type Problem = Static<typeof ProblemSchema>

/** RFC 9110 reason phrases; any other status takes Node's phrase for it, never a bare "Error". */
const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
}

const titleOf = (status: number) => TITLES[status] ?? STATUS_CODES[status] ?? `HTTP ${status}`

export function problem(
  status: number,
  code: string,
  detail: string,
  extra: { request_id?: string; errors?: FieldError[] } & Record<string, unknown> = {},
): Problem {
  return {
    type: `/problems/${code.replace(/\./g, '/')}`,
    title: titleOf(status),
    status,
    detail,
    code,
    ...extra,
  }
}

/** `...problems(401, 404, 422)` in a route's `response` documents its error answers. */
export function problems(...statuses: number[]): Record<number, ProblemResponse> {
  return Object.fromEntries(
    statuses.map((s) => [
      s,
      {
        description: titleOf(s),
        content: { 'application/problem+json': { schema: Type.Ref('Problem') } },
      },
    ]),
  )
}

interface ProblemResponse {
  description: string
  content: { 'application/problem+json': { schema: TSchema } }
}
