/**
 * Today's usage of one agent (GET /api/bot-controls/agents/{id}/usage): the orders and their value
 * against the daily limits, what is left, orders waiting for approval, open positions and the
 * refusals by reason. "Today" is the New York trading day; it starts again at zero each day.
 */
import { useQuery } from '@tanstack/react-query'
import { date, money } from '../../ui/format.ts'
import { Section } from '../../ui/Page.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { Stat } from '../../ui/Stat.tsx'
import { TableWrap } from '../../ui/TableWrap.tsx'
import { fetchUsage, type Usage, usageKey, words } from './api.ts'

const of = (limit: number | string | null, fmt: (v: string) => string = String) =>
  limit === null ? 'no limit' : `of ${fmt(String(limit))}`

function Rejections({ usage }: { usage: Usage }) {
  const reasons = Object.entries(usage.rejections).sort((a, b) => b[1] - a[1])
  if (reasons.length === 0) return <p className="muted">No order refused today.</p>
  return (
    <TableWrap label="Refusals today by reason">
      <table className="agent-rejections stack-on-phone">
        <thead>
          <tr>
            <th scope="col">Reason</th>
            <th scope="col" className="num">
              Orders
            </th>
          </tr>
        </thead>
        <tbody>
          {reasons.map(([reason, n]) => (
            <tr key={reason} data-reason={reason}>
              <td className="wrap">
                <code>{reason}</code> <span className="muted">{words(reason)}</span>
              </td>
              <td data-label="Orders" className="num">
                {n}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  )
}

export function UsageSection({ agentId }: { agentId: number }) {
  const usage = useQuery({
    queryKey: usageKey(agentId),
    queryFn: () => fetchUsage(agentId),
    refetchInterval: 30_000,
  })
  return (
    <Section title="Today">
      <QueryState query={usage} label="Loading today's usage">
        {(u) => (
          <>
            <p className="muted">New York trading day {date(u.trading_day)}.</p>
            <div className="stats">
              <Stat label="Orders" value={u.orders} sub={of(u.limits.max_orders_per_day)} />
              <Stat
                label="Order value"
                value={money(u.notional)}
                sub={of(u.limits.max_notional_per_day, (v) => money(v))}
              />
              <Stat
                label="Orders left"
                value={u.remaining.orders_per_day ?? 'no limit'}
                sub={
                  u.remaining.notional_per_day === null
                    ? undefined
                    : `${money(u.remaining.notional_per_day)} of value left`
                }
              />
              <Stat label="Waiting for approval" value={u.pending_approvals} />
              <Stat label="Open positions" value={u.open_positions} sub={of(u.limits.max_open_positions)} />
              <Stat label="Refused" value={u.rejections_total} />
            </div>
            <Rejections usage={u} />
          </>
        )}
      </QueryState>
    </Section>
  )
}
