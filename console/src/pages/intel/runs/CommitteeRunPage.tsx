/** /intel/committee/:runId — one run: status, decision, the analysts' opinions and the event timeline. */
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { money, num, pct } from '../../../ui/format.ts'
import { Page, Section } from '../../../ui/Page.tsx'
import { QueryState } from '../../../ui/QueryState.tsx'
import { Stat } from '../../../ui/Stat.tsx'
import { committeeEvents, getCommittee, pollWhileRunning, type CommitteeRun } from './api.ts'
import { RunTimeline } from './RunTimeline.tsx'
import { StatusBadge } from './StatusBadge.tsx'
import { TableWrap } from '../../../ui/TableWrap.tsx'

function Decision({ d }: { d: NonNullable<CommitteeRun['decision']> }) {
  return (
    <>
      <div className="stats">
        <Stat
          label="Action"
          value={d.action.toUpperCase()}
          tone={d.action === 'buy' ? 'up' : d.action === 'sell' ? 'down' : ''}
        />
        <Stat label="Conviction" value={pct(d.conviction, 1)} />
        <Stat label="Weighted score" value={num(d.weighted_score, 3)} />
        <Stat
          label="Size"
          value={`${d.size.shares} shares`}
          sub={`${pct(d.size.percent_of_account)} of ${money(d.size.account_value)}`}
        />
      </div>
      <p>{d.rationale}</p>
    </>
  )
}

function Opinions({ run }: { run: CommitteeRun }) {
  if (run.opinions.length === 0) return <p className="empty">No opinion yet.</p>
  return (
    <TableWrap label="Analyst opinions">
      <table aria-label="Analyst opinions">
        <thead>
          <tr>
            <th scope="col">Analyst</th>
            <th scope="col">Stance</th>
            <th scope="col" className="num">
              Score
            </th>
            <th scope="col" className="num">
              Confidence
            </th>
            <th scope="col">Summary</th>
          </tr>
        </thead>
        <tbody>
          {run.opinions.map((o) => (
            <tr key={o.analyst}>
              <th scope="row">{o.analyst.replaceAll('_', ' ')}</th>
              <td>{o.stance ?? o.status}</td>
              <td className="num">{num(o.score, 3)}</td>
              <td className="num">{pct(o.confidence, 0)}</td>
              <td className="intel-wrap">{o.summary || o.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  )
}

export default function CommitteeRunPage() {
  const runId = useParams().runId ?? ''
  const run = useQuery({
    queryKey: ['intel', 'committee-run', runId],
    queryFn: () => getCommittee(runId),
    refetchInterval: (q) => pollWhileRunning(q.state.data?.status),
  })
  return (
    <Page
      title={`Committee: ${run.data?.symbol ?? 'run'}`}
      actions={<Link to="/intel/committee">All runs</Link>}
    >
      <QueryState query={run} label="Loading the run">
        {(r) => (
          <>
            <p>
              Status <StatusBadge status={r.status} />
              {r.model.active ? ' · decided with the model' : ''}
            </p>
            {r.error && <p className="problem">{r.error.detail}</p>}
            <Section title="Decision">
              {r.decision ? <Decision d={r.decision} /> : <p className="empty">Not decided yet.</p>}
            </Section>
            <Section title="Opinions">
              <Opinions run={r} />
            </Section>
          </>
        )}
      </QueryState>
      <Section title="Timeline">
        <RunTimeline runId={runId} load={committeeEvents} />
      </Section>
    </Page>
  )
}
