/**
 * /intel/scans — discovery scanner results of the window (GET /intraday/discovery) by scan type, a scan
 * run on demand, and the composite opportunity scores (GET and POST …/opportunities).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { date, dateTime, num, pctPoints, trend, price } from '../../../ui/format.ts'
import { Page, Section } from '../../../ui/Page.tsx'
import { ProblemAlert } from '../../../ui/ProblemAlert.tsx'
import { QueryState } from '../../../ui/QueryState.tsx'
import { Stat } from '../../../ui/Stat.tsx'
import { SessionsPicker } from '../Sessions.tsx'
import {
  computeOpportunities,
  discovery,
  opportunities,
  SCAN_TYPES,
  type Discovery,
  type ScanType,
} from './api.ts'
import { ScanForm } from './ScanForm.tsx'
import { TableWrap } from '../../../ui/TableWrap.tsx'

function Results({ d }: { d: Discovery }) {
  return (
    <>
      <div className="stats">
        <Stat label="Results" value={d.stats.total} sub={`${d.stats.symbols} symbols`} />
        <Stat label="Last scan" value={dateTime(d.stats.last_scan_at)} />
      </div>
      <TableWrap label="Scanner results">
        <table aria-label="Scanner results">
          <thead>
            <tr>
              <th scope="col">Symbol</th>
              <th scope="col">Scan</th>
              <th scope="col" className="num">
                Score
              </th>
              <th scope="col">Direction</th>
              <th scope="col" className="num">
                Price
              </th>
              <th scope="col" className="num">
                Change
              </th>
              <th scope="col">Session</th>
            </tr>
          </thead>
          <tbody>
            {d.results.map((r) => (
              <tr key={r.id}>
                <td>{r.symbol}</td>
                <td>{r.scan_type}</td>
                <td className="num">{num(r.score, 2)}</td>
                <td className={r.direction === 'up' ? 'up' : 'down'}>{r.direction}</td>
                <td className="num">{price(r.price)}</td>
                <td className={`num ${trend(r.change_pct)}`}>{pctPoints(r.change_pct, 2, true)}</td>
                <td>{date(r.trading_date)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
    </>
  )
}

function Opportunities({ sessions }: { sessions: number }) {
  const client = useQueryClient()
  const list = useQuery({
    queryKey: ['intel', 'opportunities', sessions],
    queryFn: () => opportunities(sessions),
  })
  const compute = useMutation({
    mutationFn: () => computeOpportunities(sessions),
    onSuccess: () => client.invalidateQueries({ queryKey: ['intel', 'opportunities'] }),
  })
  return (
    <Section
      title="Opportunities"
      actions={
        <button
          type="button"
          className="secondary"
          onClick={() => compute.mutate()}
          disabled={compute.isPending}
        >
          {compute.isPending ? 'Scoring…' : 'Score from the results'}
        </button>
      }
    >
      <ProblemAlert error={compute.error} />
      <QueryState
        query={list}
        label="Loading opportunities"
        isEmpty={(d) => d.items.length === 0}
        empty="No opportunity scored in this window: run scans, then score them (0–100, more for several scan types agreeing)."
      >
        {(d) => (
          <TableWrap label="Opportunities">
            <table aria-label="Opportunities">
              <thead>
                <tr>
                  <th scope="col">Symbol</th>
                  <th scope="col" className="num">
                    Score
                  </th>
                  <th scope="col">Scans</th>
                  <th scope="col">Computed</th>
                </tr>
              </thead>
              <tbody>
                {d.items.map((o) => (
                  <tr key={o.symbol}>
                    <td>{o.symbol}</td>
                    <td className="num">{num(o.score, 2)}</td>
                    <td>{o.scan_types.join(', ')}</td>
                    <td>{dateTime(o.computed_at)}</td>
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

export default function ScansPage() {
  const [sessions, setSessions] = useState(1)
  const [type, setType] = useState<ScanType | undefined>(undefined)
  const results = useQuery({
    queryKey: ['intel', 'discovery', sessions, type ?? ''],
    queryFn: () => discovery(sessions, type),
  })
  return (
    <Page title="Discovery scans" actions={<SessionsPicker value={sessions} onChange={setSessions} />}>
      <Section title="Scan now">
        <ScanForm />
      </Section>
      <Section title="Scanner results">
        <div className="tabs" role="group" aria-label="Scan type">
          {[undefined, ...SCAN_TYPES].map((t) => (
            <button
              key={t ?? 'all'}
              type="button"
              className="secondary"
              aria-pressed={type === t}
              onClick={() => setType(t)}
            >
              {t ?? 'all'}
            </button>
          ))}
        </div>
        <QueryState
          query={results}
          label="Loading scanner results"
          isEmpty={(d) => d.results.length === 0}
          empty="No result in this window: run a scan above (scheduled scans also run during the regular session)."
        >
          {(d) => <Results d={d} />}
        </QueryState>
      </Section>
      <Opportunities sessions={sessions} />
    </Page>
  )
}
