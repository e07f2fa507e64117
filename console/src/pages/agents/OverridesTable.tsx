/**
 * The accounts whose own approval threshold wins over the tenant's, each removable (threshold null).
 * On a phone each is a card (`.stack-on-phone`), its Remove button in view.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { money } from '../../ui/format.ts'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { TableWrap } from '../../ui/TableWrap.tsx'
import { saveOverride, THRESHOLD, type Threshold } from './api.ts'

export function OverridesTable({
  overrides,
  tenantThreshold,
}: {
  overrides: Threshold['overrides']
  tenantThreshold: string | null
}) {
  const client = useQueryClient()
  const remove = useMutation({
    mutationFn: (accountId: number) => saveOverride(accountId, null),
    onSuccess: () => client.invalidateQueries({ queryKey: THRESHOLD }),
  })
  if (overrides.length === 0)
    return (
      <p className="empty">
        No account has its own threshold: every account uses{' '}
        {tenantThreshold === null ? 'no threshold' : money(tenantThreshold)}.
      </p>
    )
  return (
    <>
      <ProblemAlert error={remove.error} />
      <TableWrap label="Account overrides">
        <table className="threshold-overrides stack-on-phone">
          <thead>
            <tr>
              <th scope="col">Account</th>
              <th scope="col" className="num">
                Threshold
              </th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {overrides.map((o) => (
              <tr key={o.account_id} data-account={o.account_id}>
                <th scope="row">{o.account_name}</th>
                <td data-label="Threshold" className="num">
                  {money(o.threshold)}
                </td>
                <td>
                  <button
                    type="button"
                    className="secondary"
                    disabled={remove.isPending}
                    aria-label={`Remove the override of ${o.account_name}`}
                    onClick={() => remove.mutate(o.account_id)}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
    </>
  )
}
