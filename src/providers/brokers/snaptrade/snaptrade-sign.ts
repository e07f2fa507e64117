/**
 * SnapTrade's request signature (docs/vendor-formats.md#snaptrade): the `Signature` header is
 * base64(HMAC-SHA256(key = consumer key, msg = canonical JSON of {content, path, query})), where
 * `content` is the parsed JSON body (null for none, an empty body or `{}`), `path` the request path
 * exactly as on the wire (with `/api/v1` on the legacy prefix) and `query` the raw query string as
 * sent, without the `?`. Canonical JSON: keys sorted at every level, no whitespace. The vendor's SDK
 * applies `encodeURI` to the consumer key first (a no-op for ordinary keys); so do we, and so does
 * the sandbox that verifies it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

export interface SignedParts {
  content: unknown
  path: string
  query: string
}

/** JSON with the keys of every object sorted, no whitespace (arrays keep their order). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value))
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys)
  if (v === null || typeof v !== 'object') return v
  const o = v as Record<string, unknown>
  return Object.fromEntries(
    Object.keys(o)
      .sort()
      .map((k) => [k, sortKeys(o[k])]),
  )
}

/** `content` as the vendor signs it: null for no body, an empty one or `{}`. */
export function signedContent(body: unknown): unknown {
  if (body === undefined || body === null || body === '') return null
  if (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0) return null
  return body
}

export function signatureString(parts: SignedParts): string {
  return canonicalJson({ content: signedContent(parts.content), path: parts.path, query: parts.query })
}

export function sign(consumerKey: string, parts: SignedParts): string {
  return createHmac('sha256', encodeURI(consumerKey)).update(signatureString(parts)).digest('base64')
}

/** Constant-time comparison of a received signature with the expected one. */
export function verifySignature(
  consumerKey: string,
  parts: SignedParts,
  received: string | undefined,
): boolean {
  if (!received) return false
  const want = Buffer.from(sign(consumerKey, parts))
  const got = Buffer.from(received)
  return want.length === got.length && timingSafeEqual(want, got)
}
