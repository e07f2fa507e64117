/**
 * Suppressions (GET /api/notifications/suppressions): the recipients that get nothing on a channel —
 * after an unsubscribe, a hard bounce, a spam complaint or a push service saying the device is gone —
 * and for which list. Removing one (DELETE …/{suppression_id}) lets deliveries through again.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { dateTime } from '../../ui/format.ts'
import { Section } from '../../ui/Page.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { TableWrap } from '../../ui/TableWrap.tsx'
import { channelLabel } from '../alerts/trace.ts'
import { fetchSuppressions, SUPPRESSIONS } from '../../api/queries.ts'
import { removeSuppression } from './notifications-api.ts'

const REASON: Record<string, string> = {
  unsubscribe: 'you unsubscribed',
  hard_bounce: 'e-mails bounced',
  complaint: 'marked as spam',
  push_gone: 'device no longer exists',
  manual: 'blocked',
}

export function SuppressionsSection() {
  const client = useQueryClient()
  const list = useQuery({ queryKey: SUPPRESSIONS, queryFn: fetchSuppressions })
  const remove = useMutation({
    mutationFn: removeSuppression,
    onSuccess: () => client.invalidateQueries({ queryKey: SUPPRESSIONS }),
  })
  return (
    <Section title="Suppressions">
      <p className="muted">
        Nothing is sent to a suppressed recipient on its channel. Remove a suppression to receive those
        messages again.
      </p>
      <ProblemAlert error={remove.error} />
      <QueryState
        query={list}
        label="Loading suppressions"
        isEmpty={(d) => d.items.length === 0}
        empty="No suppression: every channel you set up is delivered to."
      >
        {(d) => (
          <TableWrap label="Suppressions">
            <table className="suppressions">
              <thead>
                <tr>
                  <th scope="col">Channel</th>
                  <th scope="col">Recipient</th>
                  <th scope="col">Reason</th>
                  <th scope="col">List</th>
                  <th scope="col">Since</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {d.items.map((s) => (
                  <tr key={s.suppression_id} data-suppression={s.suppression_id}>
                    <td>{channelLabel(s.channel)}</td>
                    <td className="recipient" title={s.recipient}>
                      {s.recipient}
                    </td>
                    <td>{REASON[s.reason] ?? s.reason}</td>
                    <td>{s.list ?? 'all'}</td>
                    <td>{dateTime(s.created_at)}</td>
                    <td>
                      <button
                        type="button"
                        className="danger"
                        disabled={remove.isPending}
                        aria-label={`Remove the suppression of ${channelLabel(s.channel)} to ${s.recipient}`}
                        onClick={() => remove.mutate(s.suppression_id)}
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
