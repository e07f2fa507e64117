/**
 * A token endpoint's answer may carry tokens; when it cannot be parsed, the HTTP client keeps its
 * text on the error (`body`), and error logs serialise it. Token calls pass their errors through
 * here, which drops the text of an unparseable answer (a vendor's error JSON is kept: no token).
 */
import { isUpstreamError } from '../../platform/upstream-errors.ts'

export function withoutTokenText(err: unknown): never {
  if (isUpstreamError(err) && (err.kind === 'protocol' || (err.status !== undefined && err.status < 300)))
    delete (err as { body?: string }).body
  throw err
}
