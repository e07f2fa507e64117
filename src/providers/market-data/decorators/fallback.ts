/**
 * A capability served by several vendors in order (`NEWS_PROVIDER=finnhub,alpaca`): each call
 * goes to the first; when it fails with an upstream error (unreachable, 5xx, 429, auth, bad
 * payload), the same call goes to the next, and so on. The last vendor's error is what the
 * caller sees if every one fails. Programming errors (a RangeError from bad arguments) are not
 * retried elsewhere: another vendor would fail the same way.
 */
import { isUpstreamError } from '../../../platform/upstream-errors.ts'

export function withFallback<T extends { readonly name: string }>(providers: readonly T[]): T {
  const [first] = providers
  if (!first) throw new RangeError('withFallback needs at least one provider')
  if (providers.length === 1) return first
  const name = providers.map((p) => p.name).join('>')
  return new Proxy(first, {
    get(target, prop, receiver) {
      if (prop === 'name') return name
      const member: unknown = Reflect.get(target, prop, receiver)
      if (typeof member !== 'function') return member
      return async (...args: unknown[]) => {
        let lastError: unknown
        for (const p of providers) {
          const method = Reflect.get(p, prop) as ((...a: unknown[]) => Promise<unknown>) | undefined
          if (typeof method !== 'function') continue
          try {
            return await method.apply(p, args)
          } catch (e) {
            if (!isUpstreamError(e)) throw e
            lastError = e
          }
        }
        throw lastError
      }
    },
  })
}
