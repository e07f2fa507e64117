/**
 * Push: browser notifications for this browser (enable: permission, the service worker, a push
 * subscription with the service's VAPID key, POST /api/push/subscriptions; disable: unsubscribe and
 * DELETE), the caller's mobile devices (GET /api/me/push-tokens, removable), and a test push to every
 * browser and device (POST /api/push/test) with each one's result.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { disablePush, enablePush, pushState } from '../../push/browser-push.ts'
import { dateTime } from '../../ui/format.ts'
import { Section } from '../../ui/Page.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { TableWrap } from '../../ui/TableWrap.tsx'
import {
  BROWSER_PUSH,
  DEVICES,
  fetchDevices,
  removeDevice,
  sendTestPush,
  type TestResult,
} from './notifications-api.ts'

const STATE_TEXT = {
  unsupported: 'This browser cannot receive push notifications.',
  denied:
    'Notifications are blocked for this site. Allow them in the browser’s site settings to turn them on.',
  off: 'Off: this browser receives no push notifications.',
  on: 'On: alerts you send to “Browser push” appear on this device.',
} as const

const OUTCOME: Record<TestResult['outcome'], string> = {
  sent: 'sent',
  gone: 'gone: the push service no longer knows it, so it was removed',
  retry: 'not delivered now (the push service asked to retry later)',
  failed: 'failed',
}

export function BrowserPushSection() {
  const client = useQueryClient()
  const state = useQuery({ queryKey: BROWSER_PUSH, queryFn: pushState, staleTime: Infinity, retry: false })
  const refresh = () => client.invalidateQueries({ queryKey: BROWSER_PUSH })
  const enable = useMutation({ mutationFn: enablePush, onSettled: refresh })
  const disable = useMutation({ mutationFn: disablePush, onSettled: refresh })
  const test = useMutation({ mutationFn: sendTestPush, onSuccess: refresh })
  const busy = enable.isPending || disable.isPending
  return (
    <Section title="Browser notifications">
      <QueryState query={state} label="Checking this browser">
        {(s) => (
          <>
            <p data-push-state={s.state}>{STATE_TEXT[s.state]}</p>
            {s.state === 'off' && (
              <button type="button" disabled={busy} onClick={() => enable.mutate()}>
                Enable browser notifications
              </button>
            )}
            {s.state === 'on' && (
              <button type="button" className="secondary" disabled={busy} onClick={() => disable.mutate()}>
                Disable browser notifications
              </button>
            )}
          </>
        )}
      </QueryState>
      <ProblemAlert error={enable.error ?? disable.error} />
      <h3>Test</h3>
      <p className="muted">
        Sends a test notification to every browser and device of yours, and shows what each answered.
      </p>
      <button type="button" className="secondary" disabled={test.isPending} onClick={() => test.mutate()}>
        Send a test push
      </button>
      <ProblemAlert error={test.error} />
      {test.data && (
        <div role="status">
          <ul className="push-results" aria-label="Test push results">
            {test.data.results.length === 0 && (
              <li>Nothing to send to: no browser or device is registered.</li>
            )}
            {test.data.results.map((r) => (
              <li key={`${r.kind}.${r.id}`} data-result={`${r.kind}.${r.id}`} data-outcome={r.outcome}>
                {r.kind === 'web_push' ? 'Browser' : 'Mobile device'} {r.id}: {OUTCOME[r.outcome]}
                {r.status !== undefined || r.reason
                  ? ` (${[r.status, r.reason].filter((x) => x !== undefined && x !== '').join(' ')})`
                  : ''}
              </li>
            ))}
          </ul>
        </div>
      )}
    </Section>
  )
}

export function DevicesSection() {
  const client = useQueryClient()
  const devices = useQuery({ queryKey: DEVICES, queryFn: fetchDevices })
  const remove = useMutation({
    mutationFn: removeDevice,
    onSuccess: () => client.invalidateQueries({ queryKey: DEVICES }),
  })
  return (
    <Section title="Mobile devices">
      <ProblemAlert error={remove.error} />
      <QueryState
        query={devices}
        label="Loading your devices"
        isEmpty={(d) => d.items.length === 0}
        empty="No mobile device: the Sextant app registers your phone when you allow notifications in it."
      >
        {(d) => (
          <TableWrap label="Mobile devices">
            <table>
              <thead>
                <tr>
                  <th scope="col">Platform</th>
                  <th scope="col">App</th>
                  <th scope="col">Token</th>
                  <th scope="col">Last seen</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {d.items.map((t) => (
                  <tr key={t.token_id} data-device={t.token_id}>
                    <td>{t.platform === 'ios' ? 'iOS' : 'Android'}</td>
                    <td>{t.app_id ?? 'default'}</td>
                    <td>
                      <code>…{t.device_token.slice(-8)}</code>
                    </td>
                    <td>{dateTime(t.last_seen_at)}</td>
                    <td>
                      <button
                        type="button"
                        className="danger"
                        disabled={remove.isPending}
                        aria-label={`Remove the ${t.platform} device ending ${t.device_token.slice(-8)}`}
                        onClick={() => remove.mutate(t.token_id)}
                      >
                        Remove
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        )}
      </QueryState>
    </Section>
  )
}
