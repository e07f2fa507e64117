/**
 * One broker: whether it is connected (since when, last sync, accounts, what is wrong), and what can be
 * done — connect (the browser goes to the broker's consent page or portal and comes back here), sync
 * now (with what the sync did), disconnect (after a confirmation) — then its accounts and positions.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Section } from '../../ui/Page.tsx'
import { Field } from '../../ui/Field.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { dateTime } from '../../ui/format.ts'
import { formFields } from '../../ui/form.ts'
import { AccountsPositions } from './AccountsPositions.tsx'
import {
  connectUrl,
  detailsOf,
  disconnect,
  fetchStatus,
  keys,
  syncNow,
  type BrokerInfo,
  type Status,
  type SyncResult,
} from './brokers.ts'

export function BrokerCard({ broker }: { broker: BrokerInfo }) {
  const status = useQuery({ queryKey: keys.status(broker.type), queryFn: () => fetchStatus(broker.type) })
  return (
    <Section title={broker.vendor}>
      <p className="muted broker-blurb">
        {broker.blurb} <span className="broker-role">({broker.role})</span>
      </p>
      <QueryState query={status} label={`Loading ${broker.vendor}`}>
        {(s) => <Connection broker={broker} status={s} />}
      </QueryState>
    </Section>
  )
}

function Connection({ broker, status }: { broker: BrokerInfo; status: Status }) {
  const d = detailsOf(status)
  return (
    <>
      <dl className="broker-facts">
        <dt>Status</dt>
        <dd data-broker-status={status.connected ? 'connected' : 'not-connected'}>
          <strong className={status.connected ? 'up' : ''}>
            {status.connected ? 'Connected' : 'Not connected'}
          </strong>
        </dd>
        {d.connectedAt && (
          <>
            <dt>Connected since</dt>
            <dd>{dateTime(d.connectedAt)}</dd>
          </>
        )}
        {status.connected && (
          <>
            <dt>Last sync</dt>
            <dd data-last-sync>{d.lastSyncAt ? dateTime(d.lastSyncAt) : 'not yet'}</dd>
            <dt>Accounts</dt>
            <dd>{d.accounts.length ? d.accounts.map((a) => a.number).join(', ') : 'none'}</dd>
          </>
        )}
        {status.expires_at && (
          <>
            <dt>Authorisation ends</dt>
            <dd>{dateTime(status.expires_at)}</dd>
          </>
        )}
      </dl>
      {d.lastError && <p className="notice">Last sync failed: {d.lastError}</p>}
      {!status.connected && d.note && <p className="muted">{d.note}</p>}
      {status.connected ? (
        <ConnectedActions broker={broker} />
      ) : (
        <ConnectForm broker={broker} again={d.reconnect || d.connectedAt !== undefined} />
      )}
      {status.connected && <AccountsPositions broker={broker} />}
    </>
  )
}

/** Asks the API where to go, then leaves for the broker's page; it sends the browser back here. */
function ConnectForm({ broker, again }: { broker: BrokerInfo; again: boolean }) {
  const go = useMutation({
    mutationFn: (slug: string) => connectUrl(broker.type, slug),
    onSuccess: (url) => window.location.assign(url),
  })
  const label = `${again ? 'Reconnect' : 'Connect'} ${broker.vendor}`
  return (
    <form
      className="inline"
      aria-label={label}
      onSubmit={(e) => {
        const field = formFields(e)
        go.mutate(field('broker').trim().toUpperCase())
      }}
    >
      {broker.type === 'aggregator' && (
        <Field
          label="Brokerage"
          name="broker"
          defaultValue="ALPACA"
          required
          error={go.error}
          hint="Its SnapTrade slug, e.g. ALPACA, SCHWAB, ROBINHOOD"
        />
      )}
      <ProblemAlert error={go.error} />
      <button type="submit" disabled={go.isPending || go.isSuccess}>
        {go.isPending || go.isSuccess ? 'Opening…' : label}
      </button>
    </form>
  )
}

function ConnectedActions({ broker }: { broker: BrokerInfo }) {
  const client = useQueryClient()
  const [confirming, setConfirming] = useState(false)
  const refresh = () => client.invalidateQueries({ queryKey: keys.all })
  const sync = useMutation({ mutationFn: () => syncNow(broker.type), onSuccess: refresh })
  const drop = useMutation({
    mutationFn: () => disconnect(broker.type),
    onSuccess: async () => {
      setConfirming(false)
      sync.reset()
      await refresh()
    },
  })
  return (
    <div className="broker-actions">
      <div className="actions">
        <button type="button" onClick={() => sync.mutate()} disabled={sync.isPending}>
          {sync.isPending ? 'Syncing…' : 'Sync now'}
        </button>
        {!confirming && (
          <button type="button" className="danger" onClick={() => setConfirming(true)}>
            Disconnect
          </button>
        )}
      </div>
      {sync.data && <SyncDone result={sync.data} />}
      <ProblemAlert error={sync.error} />
      {confirming && (
        <div className="notice" role="group" aria-label={`Confirm disconnecting ${broker.vendor}`}>
          <p>
            Disconnect {broker.vendor}? Its access is revoked and its accounts are archived (their history
            stays). You can connect again later.
          </p>
          <div className="actions">
            <button type="button" className="danger" onClick={() => drop.mutate()} disabled={drop.isPending}>
              {drop.isPending ? 'Disconnecting…' : `Yes, disconnect ${broker.vendor}`}
            </button>
            <button type="button" className="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
          <ProblemAlert error={drop.error} />
        </div>
      )}
    </div>
  )
}

function SyncDone({ result: r }: { result: SyncResult }) {
  return (
    <p role="status" className="sync-result" data-sync-id={r.sync_id}>
      Synced {r.accounts} account{r.accounts === 1 ? '' : 's'}: {r.positions} positions, {r.fills_new} new
      fills (of {r.fills_received} received), {r.activities_new} new activities, {r.trades} realized trades.
    </p>
  )
}
