/**
 * Broker connections: one card per broker (status, connect, sync now, disconnect, accounts and
 * positions) and the sync log. A connect leaves for the broker's page and comes back here with
 * `?connected=<broker_type>` or `?error=<code>`, which this page announces once.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useSearchParams } from 'react-router'
import { Page } from '../../ui/Page.tsx'
import { BrokerCard } from './BrokerCard.tsx'
import { SyncLog } from './SyncLog.tsx'
import { BROKERS, connectErrorText, keys, vendorOf } from './brokers.ts'

export default function BrokersPage() {
  return (
    <Page title="Brokers">
      <ConnectOutcome />
      <div className="grid broker-grid">
        {BROKERS.map((b) => (
          <BrokerCard key={b.type} broker={b} />
        ))}
      </div>
      <SyncLog />
    </Page>
  )
}

/** The outcome a connect came back with, until dismissed; the cached statuses are read again. */
function ConnectOutcome() {
  const [params, setParams] = useSearchParams()
  const client = useQueryClient()
  const connected = params.get('connected')
  const error = params.get('error')
  useEffect(() => {
    if (connected || error) void client.invalidateQueries({ queryKey: keys.all })
  }, [connected, error, client])
  if (!connected && !error) return null
  const dismiss = () => setParams({}, { replace: true })
  return (
    <div
      className={error ? 'problem broker-outcome' : 'notice broker-outcome'}
      role={error ? 'alert' : 'status'}
    >
      <span>{error ? connectErrorText(error) : `${vendorOf(connected ?? '')} is connected.`}</span>
      <button type="button" className="ghost" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  )
}
