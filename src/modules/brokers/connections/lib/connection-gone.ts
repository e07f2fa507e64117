/**
 * A connection the vendor no longer has (BrokerConnectionGoneError from the adapter) is the
 * person's to repair, not a transient failure: the data routes answer 422
 * `broker.reconnect_required` saying how, and the status says `connected: false` with the same
 * reason. Disabled or deleted at the aggregator: reconnect through its portal; the vendor's user
 * gone: disconnect, then connect again (a new user is registered).
 */
import { UnprocessableError } from '../../../../platform/http/errors.ts'
import { isConnectionGone, type BrokerAdapter, type GoneReason } from '../../../../providers/brokers/index.ts'
import { startOf } from '../../lib/broker-errors.ts'

/** What the person must do, after what the vendor said. */
export function reconnectAdvice(broker: string, reason: GoneReason, said: string): string {
  if (reason === 'user_unknown') return `${said}; disconnect and connect again (${startOf(broker)})`
  return `${said}; reconnect it with ${startOf(broker)}`
}

/** The 422 of a read through a connection the vendor no longer has; anything else as is. */
export function reconnectOr(broker: string) {
  return (err: unknown): never => {
    if (!isConnectionGone(err)) throw err
    const detail = `${broker}: ${reconnectAdvice(broker, err.reason, err.message)}`
    throw new UnprocessableError('broker.reconnect_required', detail)
  }
}

/** The adapter with its reads answering 422 broker.reconnect_required for a connection gone. */
export function goneAware(a: BrokerAdapter, broker: string): BrokerAdapter {
  const gone = reconnectOr(broker)
  type Read = 'accounts' | 'positions' | 'balances' | 'activities' | 'ping'
  type Args<K extends Read> = Parameters<NonNullable<BrokerAdapter[K]>>
  return {
    ...a,
    ...(a.accounts && { accounts: (...x: Args<'accounts'>) => a.accounts!(...x).catch(gone) }),
    ...(a.positions && { positions: (...x: Args<'positions'>) => a.positions!(...x).catch(gone) }),
    ...(a.balances && { balances: (...x: Args<'balances'>) => a.balances!(...x).catch(gone) }),
    ...(a.activities && { activities: (...x: Args<'activities'>) => a.activities!(...x).catch(gone) }),
    ...(a.ping && { ping: (...x: Args<'ping'>) => a.ping!(...x).catch(gone) }),
  }
}
