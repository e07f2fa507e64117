/**
 * A vendor's answer that the connection a read went through no longer exists there: the brokerage
 * connection was disabled or deleted, or the vendor no longer knows the user (its secret refused).
 * Retrying cannot help; the person must reconnect. An `auth` upstream error, so code that only
 * knows upstream kinds still sees a refusal, never a transient failure.
 */
import { UpstreamAuthError, type UpstreamErrorInit } from '../../platform/upstream-errors.ts'

export type GoneReason = 'connection_disabled' | 'connection_deleted' | 'user_unknown'

export class BrokerConnectionGoneError extends UpstreamAuthError {
  constructor(
    readonly reason: GoneReason,
    message: string,
    init: UpstreamErrorInit,
  ) {
    super(message, init)
  }
}

export const isConnectionGone = (e: unknown): e is BrokerConnectionGoneError =>
  e instanceof BrokerConnectionGoneError
