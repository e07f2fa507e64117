/**
 * The plan in effect (GET /api/auth/me/entitlements: features after the tenant's overrides, and the
 * plan's limits), the usage the API can count (active manual accounts, from GET /api/accounts; live
 * agents, the total of GET /api/bot-controls/agents), and every plan side by side (GET /api/plans).
 */
import { useQuery } from '@tanstack/react-query'
import { api, data } from '../../api/client.ts'
import { num } from '../../ui/format.ts'
import { Section } from '../../ui/Page.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { TableWrap } from '../../ui/TableWrap.tsx'
import { ENTITLEMENTS, fetchEntitlements } from '../../api/queries.ts'

const fetchPlans = () => data(api.GET('/api/plans', { params: { query: { page_size: 100 } } }))

/** Active manual accounts: what the `manual_accounts` limit counts. */
async function countManualAccounts(): Promise<number> {
  let n = 0
  let cursor: string | undefined
  do {
    const page = await data(
      api.GET('/api/accounts', { params: { query: { include_archived: true, page_size: 100, cursor } } }),
    )
    n += page.items.filter((a) => a.broker_type === 'manual' && a.status === 'active').length
    cursor = page.next_cursor ?? undefined
  } while (cursor)
  return n
}

/** Live (not archived) agents: what the `agents` limit counts. */
const countAgents = async (): Promise<number> =>
  (await data(api.GET('/api/bot-controls/agents', { params: { query: { page_size: 1 } } }))).total

const label = (key: string) => key.replaceAll('_', ' ')

const USAGE: Record<string, { query: () => Promise<number>; what: string }> = {
  manual_accounts: { query: countManualAccounts, what: 'active manual accounts' },
  agents: { query: countAgents, what: 'live agents' },
}

function UsageCount({
  limit,
  count,
}: {
  limit: string
  count: { query: () => Promise<number>; what: string }
}) {
  const q = useQuery({ queryKey: ['settings', 'usage', limit], queryFn: count.query })
  return (
    <QueryState query={q} label="Counting">
      {(n) => (
        <span data-usage={limit}>
          {num(n, 0)} {count.what}
        </span>
      )}
    </QueryState>
  )
}

function Usage({ limit }: { limit: string }) {
  const count = USAGE[limit]
  return count ? (
    <UsageCount limit={limit} count={count} />
  ) : (
    <span className="muted">not counted by the API</span>
  )
}

export function PlanSection() {
  const ent = useQuery({ queryKey: ENTITLEMENTS, queryFn: fetchEntitlements })
  const plans = useQuery({ queryKey: ['plans'], queryFn: fetchPlans, staleTime: 300_000 })
  const current = plans.data?.items.find((p) => p.code === ent.data?.plan)
  return (
    <Section title="Plan and limits">
      <QueryState query={ent} label="Loading your plan">
        {(e) => (
          <>
            <p>
              Your plan: <strong data-plan={e.plan}>{current?.name ?? e.plan}</strong>
            </p>
            <TableWrap label="Your plan’s limits">
              <table className="limits">
                <thead>
                  <tr>
                    <th scope="col">Limit</th>
                    <th scope="col" className="num">
                      Allowed
                    </th>
                    <th scope="col">In use</th>
                  </tr>
                </thead>
                <tbody>
                  {Object.entries(e.limits).map(([k, v]) => (
                    <tr key={k} data-limit={k}>
                      <th scope="row">{label(k)}</th>
                      <td className="num" data-allowed={k}>
                        {num(v, 0)}
                      </td>
                      <td>
                        <Usage limit={k} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
            <h3>Features</h3>
            <ul className="features">
              {Object.entries(e.features).map(([k, on]) => (
                <li key={k} data-feature={k} data-on={on}>
                  {label(k)}:{' '}
                  <strong className={on ? 'up' : 'muted'}>{on ? 'included' : 'not included'}</strong>
                </li>
              ))}
            </ul>
          </>
        )}
      </QueryState>
      <h3>All plans</h3>
      <QueryState
        query={plans}
        label="Loading the plans"
        isEmpty={(p) => p.items.length === 0}
        empty="No plans are published."
      >
        {(p) => {
          const limits = [...new Set(p.items.flatMap((x) => Object.keys(x.limits)))]
          return (
            <TableWrap label="Plans compared">
              <table className="plans">
                <thead>
                  <tr>
                    <th scope="col">Plan</th>
                    {limits.map((l) => (
                      <th key={l} scope="col" className="num">
                        {label(l)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {p.items.map((x) => (
                    <tr key={x.code} aria-current={x.code === ent.data?.plan ? 'true' : undefined}>
                      <th scope="row">
                        {x.name}
                        {x.code === ent.data?.plan ? ' (yours)' : ''}
                      </th>
                      {limits.map((l) => (
                        <td key={l} className="num">
                          {x.limits[l] === undefined ? 'no limit' : num(x.limits[l], 0)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
          )
        }}
      </QueryState>
      <p className="muted">Plans are changed by the operator; there is no self-service billing.</p>
    </Section>
  )
}
