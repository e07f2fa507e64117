/** Reading answers in HTTP tests: loose JSON bodies and RFC 9457 problem assertions. */
import assert from 'node:assert/strict'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test bodies are read loosely
export type Body = Record<string, any>

/** An answer's JSON body, from the body text or from the response itself. */
export const json = (from: string | { body: string }) =>
  JSON.parse(typeof from === 'string' ? from : from.body) as Body

/** Asserts a problem answer with this status and code, and returns its body. */
export function assertProblem(res: { statusCode: number; body: string }, status: number, code: string): Body {
  assert.equal(res.statusCode, status, res.body)
  const body = json(res.body)
  assert.equal(body.status, status)
  assert.equal(body.code, code, res.body)
  return body
}

/** Asserts a 422 validation failure with a field error at `loc` (and of `type`, when given). */
export function assertFieldError(
  res: { statusCode: number; body: string },
  loc: (string | number)[],
  type?: string,
): void {
  const body = assertProblem(res, 422, 'validation.failed')
  assert.ok(
    (body.errors as { loc: unknown[]; type: string }[]).some(
      (e) => JSON.stringify(e.loc) === JSON.stringify(loc) && (type === undefined || e.type === type),
    ),
    `expected a field error at ${JSON.stringify(loc)}${type ? ` of type ${type}` : ''}: ${res.body}`,
  )
}

/** Every call answers 401 `auth.unauthenticated` without credentials. */
export async function assertAllNeedCredentials(
  anon: {
    inject: (o: {
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
      url: string
      payload?: object
    }) => Promise<{ statusCode: number; body: string }>
  },
  calls: ['GET' | 'POST' | 'PATCH' | 'DELETE', string][],
): Promise<void> {
  for (const [method, url] of calls) {
    const res = await anon.inject({ method, url, ...(method === 'GET' ? {} : { payload: {} }) })
    assert.equal(res.statusCode, 401, `${method} ${url}`)
    assert.equal(json(res.body).code, 'auth.unauthenticated')
  }
}
