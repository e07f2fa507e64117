/** /intel/research — start a research report on a symbol or a theme (POST /market-research/runs), and the runs. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from 'react-router'
import { Field, SelectField } from '../../../ui/Field.tsx'
import { formFields } from '../../../ui/form.ts'
import { dateTime } from '../../../ui/format.ts'
import { Page, Section } from '../../../ui/Page.tsx'
import { ProblemAlert } from '../../../ui/ProblemAlert.tsx'
import { QueryState } from '../../../ui/QueryState.tsx'
import { listResearch, startResearch, THEMES, type ResearchBody, type Theme } from './api.ts'
import { StatusBadge } from './StatusBadge.tsx'
import { TableWrap } from '../../../ui/TableWrap.tsx'

export const themeName = (t: string) => t.replaceAll('_', ' ')

function bodyOf(get: (name: string) => string): ResearchBody {
  const symbol = get('symbol').trim().toUpperCase()
  const theme = get('theme')
  return { ...(symbol ? { symbol } : {}), ...(theme ? { theme: theme as Theme } : {}) }
}

function StartForm() {
  const client = useQueryClient()
  const navigate = useNavigate()
  const start = useMutation({
    mutationFn: startResearch,
    onSuccess: async (run) => {
      await client.invalidateQueries({ queryKey: ['intel', 'research-runs'] })
      await navigate(`/intel/research/${run.run_id}`)
    },
  })
  return (
    <form
      className="inline"
      aria-label="Start a research report"
      onSubmit={(e) => start.mutate(bodyOf(formFields(e)))}
    >
      <Field
        label="Symbol"
        name="symbol"
        error={start.error}
        placeholder="AAPL"
        hint="Or a theme, not both"
      />
      <SelectField label="Theme" name="theme" error={start.error} defaultValue="">
        <option value="">—</option>
        {THEMES.map((t) => (
          <option key={t} value={t}>
            {themeName(t)}
          </option>
        ))}
      </SelectField>
      <button type="submit" disabled={start.isPending}>
        {start.isPending ? 'Starting…' : 'Start research'}
      </button>
      <ProblemAlert error={start.error} />
    </form>
  )
}

function Runs() {
  const runs = useQuery({ queryKey: ['intel', 'research-runs'], queryFn: listResearch })
  return (
    <QueryState
      query={runs}
      label="Loading research runs"
      isEmpty={(d) => d.items.length === 0}
      empty="No research yet: name a symbol or pick a theme above."
    >
      {(d) => (
        <TableWrap label="Research runs">
          <table aria-label="Research runs">
            <thead>
              <tr>
                <th scope="col">Subject</th>
                <th scope="col">Status</th>
                <th scope="col">Sections read</th>
                <th scope="col">Started</th>
              </tr>
            </thead>
            <tbody>
              {d.items.map((r) => (
                <tr key={r.run_id}>
                  <td>
                    <Link to={`/intel/research/${r.run_id}`}>{r.symbol ?? themeName(r.theme ?? '')}</Link>
                  </td>
                  <td>
                    <StatusBadge status={r.status} />
                  </td>
                  <td>{r.sections_ok.join(', ') || '—'}</td>
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

export default function ResearchPage() {
  return (
    <Page title="Market research">
      <Section title="New report">
        <p className="muted">
          A report in five sections — market, news, earnings-call transcripts, insider trades and the
          committee’s view — for one symbol or a theme’s basket.
        </p>
        <StartForm />
      </Section>
      <Section title="Runs">
        <Runs />
      </Section>
    </Page>
  )
}
