/**
 * The `state` of a connect flow: issued signed (HMAC, 10 minutes) and pinned to the caller, their
 * tenant and the broker, recorded so that it works once, and checked in that order when it comes
 * back. One mechanism for the OAuth brokers' auth-url/connect and the aggregator's portal/callback.
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import { randomToken, type SecretCipher } from '../../../platform/crypto.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { stateError } from '../lib/broker-errors.ts'
import type { ConnectedBroker } from '../brokers.tables.ts'
import * as repo from './connections.repository.ts'
import { issueState, readState, returnPathOf } from './lib/oauth-state.ts'

export class OAuthStatesService {
  constructor(private readonly deps: { scopes: Scopes; cipher: SecretCipher; clock: Clock }) {}

  /**
   * A signed state pinned to the caller, their tenant and `broker`, recorded so that it works once;
   * carrying `returnTo`, the console path the callback sends the browser back to, when given.
   */
  async issue(scope: RequestScope, broker: ConnectedBroker, returnTo?: string) {
    const { state, payload } = issueState(
      this.deps.cipher,
      { tenantId: scope.tenantId, userId: scope.userId, broker, nonce: randomToken(24), returnTo },
      this.deps.clock.now(),
    )
    const expiresAt = new Date(payload.e * 1000)
    await this.deps.scopes.withTenant(scope.tenantId, (s) =>
      repo.insertState(s, { nonce: payload.n, broker, userId: scope.userId, expiresAt }),
    )
    return { state, expiresAt }
  }

  /** The console path a genuine state carries (signature checked only), else undefined. */
  returnPath(state: unknown): string | undefined {
    return returnPathOf(this.deps.cipher, state)
  }

  /** Spends a returned state: present, signed, unexpired, the caller's for `broker`, unused — else a 422. */
  async take(
    scope: RequestScope,
    broker: ConnectedBroker,
    state: string | undefined,
    where: 'query' | 'body',
  ): Promise<void> {
    const read = readState(this.deps.cipher, state, this.deps.clock.now())
    if (!read.ok) throw stateError(read.problem, where, broker)
    const p = read.payload
    if (p.t !== scope.tenantId || p.u !== scope.userId || p.b !== broker)
      throw stateError('mismatch', where, broker)
    const fresh = await this.deps.scopes.withTenant(scope.tenantId, (s) => repo.consumeState(s, p.n, broker))
    if (!fresh) throw stateError('reused', where, broker)
  }
}
