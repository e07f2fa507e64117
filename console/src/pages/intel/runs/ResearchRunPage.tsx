/** /intel/research/:runId — a research run's status and timeline, then its report once completed. */
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { dateTime } from '../../../ui/format.ts'
import { Page, Section } from '../../../ui/Page.tsx'
import { QueryState } from '../../../ui/QueryState.tsx'
import { getResearch, pollWhileRunning, researchEvents, researchReport, type Report } from './api.ts'
import { JsonView } from './JsonView.tsx'
import { RunTimeline } from './RunTimeline.tsx'
import { StatusBadge } from './StatusBadge.tsx'

function ReportView({ report }: { report: Report }) {
  return (
    <>
      <p className="muted">
        Generated {dateTime(report.generated_at)} for {report.symbols.join(', ')}.
      </p>
      {report.sections.map((s) => (
        <Section key={s.name} title={`${s.name[0]!.toUpperCase()}${s.name.slice(1)}`}>
          {s.status === 'unavailable' && (
            <p className="notice">Unavailable{s.reason ? `: ${s.reason}` : ''}.</p>
          )}
          {s.items.map((item, i) => (
            <div key={i} className="intel-report-item">
              <h3>{typeof item['symbol'] === 'string' ? item['symbol'] : `Item ${i + 1}`}</h3>
              <JsonView value={item} />
            </div>
          ))}
        </Section>
      ))}
    </>
  )
}

export default function ResearchRunPage() {
  const runId = useParams().runId ?? ''
  const run = useQuery({
    queryKey: ['intel', 'research-run', runId],
    queryFn: () => getResearch(runId),
    refetchInterval: (q) => pollWhileRunning(q.state.data?.status),
  })
  const done = run.data?.status === 'completed'
  const report = useQuery({
    queryKey: ['intel', 'research-report', runId],
    queryFn: () => researchReport(runId),
    enabled: done,
  })
  const subject = run.data ? (run.data.symbol ?? run.data.theme?.replaceAll('_', ' ') ?? '') : ''
  return (
    <Page title={`Research: ${subject || 'run'}`} actions={<Link to="/intel/research">All runs</Link>}>
      <QueryState query={run} label="Loading the run">
        {(r) => (
          <p>
            Status <StatusBadge status={r.status} /> · {r.symbols.join(', ')}
            {r.error && <span className="down"> · {r.error.detail}</span>}
          </p>
        )}
      </QueryState>
      <Section title="Timeline">
        <RunTimeline runId={runId} load={researchEvents} />
      </Section>
      {done && (
        <QueryState query={report} label="Loading the report">
          {(rep) => <ReportView report={rep} />}
        </QueryState>
      )}
    </Page>
  )
}
