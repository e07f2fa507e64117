/**
 * Bodies of the one-click unsubscribe POSTs mail clients send (RFC 8058 §3.2: it SHOULD be
 * multipart/form-data, MAY be application/x-www-form-urlencoded; Gmail sends the latter). The app
 * already reads urlencoded bodies (@fastify/formbody); `acceptMultipartFields` adds a parser, for
 * the routes of one encapsulated plugin, that reads the text fields of a multipart body.
 */
import type { FastifyInstance } from 'fastify'

/** The largest one-click body read (the body is `List-Unsubscribe=One-Click`). */
export const ONE_CLICK_BODY_LIMIT = 4096

/**
 * The text fields of a multipart/form-data body (RFC 7578), read by Node's WHATWG
 * `Response.formData()`; files are left out. A body that is not valid multipart (no boundary, a part
 * without headers) reads as no fields: such a body is optional, the token in the query is what counts.
 */
export async function formFields(body: Buffer, contentType: string): Promise<Record<string, string>> {
  const form = await new Response(body, { headers: { 'content-type': contentType } })
    .formData()
    .catch(() => undefined)
  const fields: Record<string, string> = {}
  for (const [name, value] of form?.entries() ?? []) if (typeof value === 'string') fields[name] = value
  return fields
}

/** Parses multipart/form-data bodies (up to ONE_CLICK_BODY_LIMIT) into their text fields on `scoped`. */
export function acceptMultipartFields(scoped: FastifyInstance): void {
  scoped.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: ONE_CLICK_BODY_LIMIT },
    (req, body, done) => {
      void formFields(body as Buffer, req.headers['content-type'] ?? '').then((fields) => done(null, fields))
    },
  )
}
