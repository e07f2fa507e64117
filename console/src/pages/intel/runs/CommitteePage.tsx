/** /intel/committee — convene the committee on a symbol (POST /committee/runs) and the runs so far. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from 'react-router'
import { Field } from '../../../ui/Field.tsx'
import { formFields } from '../../../ui/form.ts'
import { dateTime, pct } from '../../../ui/format.ts'
import { Page, Section } from '../../../ui/Page.tsx'
import { ProblemAlert } from '../../../ui/ProblemAlert.tsx'
import { QueryState } from '../../../ui/QueryState.tsx'
import { listCommittee, startCommittee } from './api.ts'
import { StatusBadge } from './StatusBadge.tsx'
import { TableWrap } from '../../../ui/TableWrap.tsx'

function StartForm() {
  const client = useQueryClient()
  const navigate = useNavigate()
  const start = useMutation({
    mutationFn: startCommittee,
    onSuccess: async (run) => {
      await client.invalidateQueries({ queryKey: ['intel', 'committee-runs'] })
      await navigate(`/intel/committee/${run.run_id}`)
    },
  })
  return (
    <form
      className="inline"
      aria-label="Convene the committee"
      onSubmit={(e) => start.mutate(formFields(e)('symbol').trim().toUpperCase())}
    >
      <Field label="Symbol" name="symbol" error={start.error} placeholder="AAPL" required />
      <button type="submit" disabled={start.isPending}>
        {start.isPending ? 'Starting…' : 'Convene the committee'}
      </button>
      <ProblemAlert error={start.error} />
    </form>
  )
}

function Runs() {
  const runs = useQuery({ queryKey: ['intel', 'committee-runs'], queryFn: listCommittee })
  return (
    <QueryState
      query={runs}
      label="Loading committee runs"
      isEmpty={(d) => d.items.length === 0}
      empty="No committee run yet: name a symbol above and the five analysts and the portfolio manager decide."
    >
      {(d) => (
        <TableWrap label="Committee runs">
          <table aria-label="Committee runs">
            <thead>
              <tr>
                <th scope="col">Symbol</th>
                <th scope="col">Status</th>
                <th scope="col">Decision</th>
                <th scope="col" className="num">
                  Conviction
                </th>
                <th scope="col">Started</th>
              </tr>
            </thead>
            <tbody>
              {d.items.map((r) => (
                <tr key={r.run_id}>
                  <td>
                    <Link to={`/intel/committee/${r.run_id}`}>{r.symbol}</Link>
                  </td>
                  <td>
                    <StatusBadge status={r.status} />
                  </td>
                  <td>{r.action ?? '—'}</td>
                  <td className="num">{pct(r.conviction, 1)}</td>
                  <td>{dateTime(r.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </QueryState>
  )
}

export default function CommitteePage() {
  return (
    <Page title="Investment committee">
      <Section title="New run">
        <p className="muted">
          Five analysts (technical, fundamental, news sentiment, options flow, risk) score the symbol from −1
          to 1; the portfolio manager weighs them and decides buy, sell or hold with a size.
        </p>
        <StartForm />
      </Section>
      <Section title="Runs">
        <Runs />
      </Section>
    </Page>
  )
}
