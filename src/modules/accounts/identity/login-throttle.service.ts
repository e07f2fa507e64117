/**
 * Login throttling, per account AND source, so that someone guessing elsewhere cannot keep the
 * owner out (docs/accounts-and-security.md states the policy):
 *
 * - Failures are counted per (account, source address) in a window of one hour. The first
 *   LOGIN_FREE_FAILURES are free; after each further one the source must wait before its next
 *   try: LOGIN_DELAY_BASE_SECONDS, doubling with every failure, at most LOGIN_DELAY_MAX_SECONDS.
 *   Meanwhile it gets 429 `auth.login_throttled` with Retry-After, and its password is not checked.
 * - A source with no recent failures is not delayed: the owner logs in from their own address.
 * - Across all sources, an account takes LOGIN_FAILURES_PER_ACCOUNT failures an hour. Past that
 *   (a guess spread over many addresses), only addresses it logged in from in the last 30 days
 *   may try until the hour ends; others get 429.
 * - A success clears its source's failures and remembers the source as known.
 *
 * A source is the client address; IPv6 addresses count by their /64 prefix (one subscriber's block).
 * The state lives in the cache (Redis when configured, so every API process shares it).
 */
import { sha256Hex } from '../../../platform/crypto.ts'
import { TooManyRequestsError } from '../../../platform/http/errors.ts'
import type { IdentityDeps } from './identity.service.ts'
import { delayAfter, sourceOf } from './lib/login-throttle.ts'

const WINDOW_MS = 60 * 60_000
const KNOWN_SOURCE_MS = 30 * 86_400_000

export class LoginThrottle {
  constructor(private readonly deps: Pick<IdentityDeps, 'cache' | 'clock' | 'config'>) {}

  private keys(email: string, ip: string | null) {
    const account = sha256Hex(email)
    const source = sourceOf(ip)
    return {
      failures: `login:fail:${account}:${source}`,
      wait: `login:wait:${account}:${source}`,
      known: `login:known:${account}:${source}`,
      total: `login:total:${account}`,
      totalSince: `login:total-since:${account}`,
    }
  }

  /** Throws 429 when this source must still wait, or the account is closed to unknown sources. */
  async check(email: string, ip: string | null): Promise<void> {
    const k = this.keys(email, ip)
    const { cache } = this.deps
    const now = this.deps.clock.now().getTime()
    const until = await cache.get<number>(k.wait)
    if (until !== undefined && until > now) {
      throw new TooManyRequestsError(
        'auth.login_throttled',
        `Too many failed logins for this account from your address; try again in ${Math.ceil((until - now) / 1000)} s`,
        (until - now) / 1000,
      )
    }
    // The hour runs from the account's first failure in it; at its end the count no longer applies.
    const since = await cache.get<number>(k.totalSince)
    if (since === undefined || since + WINDOW_MS <= now) return
    const total = (await cache.get<number>(k.total)) ?? 0
    if (total < this.deps.config.LOGIN_FAILURES_PER_ACCOUNT || (await cache.get(k.known))) return
    throw new TooManyRequestsError(
      'auth.login_throttled',
      'Too many failed logins for this account from many addresses; for now it accepts logins only from ' +
        'addresses it logged in from recently',
      (since + WINDOW_MS - now) / 1000,
    )
  }

  async failed(email: string, ip: string | null): Promise<void> {
    const k = this.keys(email, ip)
    const { cache } = this.deps
    const now = this.deps.clock.now().getTime()
    const failures = await cache.incr(k.failures, WINDOW_MS)
    if ((await cache.incr(k.total, WINDOW_MS)) === 1) await cache.set(k.totalSince, now, WINDOW_MS)
    const delay = delayAfter(failures, this.deps.config)
    if (delay > 0) await cache.set(k.wait, now + delay * 1000, delay * 1000)
  }

  async succeeded(email: string, ip: string | null): Promise<void> {
    const k = this.keys(email, ip)
    await this.deps.cache.delete(k.failures)
    await this.deps.cache.delete(k.wait)
    await this.deps.cache.set(k.known, 1, KNOWN_SOURCE_MS)
  }
}
