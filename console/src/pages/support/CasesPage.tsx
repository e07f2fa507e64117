/**
 * /support/cases — the caller's support cases, newest first, all or those in one status
 * (GET /api/support/ai/cases?status_filter=…), a page at a time, and a way to open a new one.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { dateTime } from '../../ui/format.ts'
import { SelectField } from '../../ui/Field.tsx'
import { Page, Section } from '../../ui/Page.tsx'
import { PagerNav } from '../../ui/Pager.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { TableWrap } from '../../ui/TableWrap.tsx'
import { CASE_STATUSES, type CaseStatus, casesKey, fetchCases, PAGE_SIZE, STATUS_LABELS } from './api.ts'
import { SupportTabs } from './SupportTabs.tsx'

const asStatus = (v: string | null): CaseStatus | '' =>
  (CASE_STATUSES as readonly string[]).includes(v ?? '') ? (v as CaseStatus) : ''

export default function CasesPage() {
  const [params, setParams] = useSearchParams()
  const status = asStatus(params.get('status'))
  const page = Math.max(1, Number(params.get('page')) || 1)
  const cases = useQuery({
    queryKey: casesKey(status, page),
    queryFn: () => fetchCases(status, page),
    placeholderData: keepPreviousData,
  })
  const go = (next: { status?: string; page?: number }) => {
    const s = next.status ?? status
    const p = next.page ?? 1
    setParams({ ...(s ? { status: s } : {}), ...(p > 1 ? { page: String(p) } : {}) })
  }
  return (
    <Page
      title="Support cases"
      actions={
        <Link to="/support/cases/new" className="button">
          New case
        </Link>
      }
    >
      <SupportTabs />
      <Section title="Your cases">
        <div className="filters">
          <SelectField
            label="Status"
            name="status_filter"
            value={status}
            onChange={(e) => go({ status: e.target.value })}
          >
            <option value="">All</option>
            {CASE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </SelectField>
        </div>
        <QueryState
          query={cases}
          label="Loading your cases"
          isEmpty={(d) => d.items.length === 0}
          empty={
            status ? 'No cases in this status.' : 'No cases yet. Open one when you need a person to help.'
          }
        >
          {(d) => (
            <>
              <TableWrap label="Your cases">
                <table className="support-cases">
                  <thead>
                    <tr>
                      <th scope="col">Subject</th>
                      <th scope="col">Status</th>
                      <th scope="col">Category</th>
                      <th scope="col" className="num">
                        Replies
                      </th>
                      <th scope="col">Updated</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.items.map((c) => (
                      <tr key={c.case_id} data-case={c.case_id} data-status={c.status}>
                        <td className="wrap">
                          <Link to={`/support/cases/${c.case_id}`}>{c.subject}</Link>
                        </td>
                        <td>{STATUS_LABELS[c.status] ?? c.status}</td>
                        <td>{c.category ?? '–'}</td>
                        <td className="num">{c.comment_count}</td>
                        <td>{dateTime(c.updated_at)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableWrap>
              <PagerNav
                label="Case pages"
                previous={{ label: 'Newer', unavailable: page <= 1, onPress: () => go({ page: page - 1 }) }}
                next={{
                  label: 'Older',
                  unavailable:
                    cases.isPlaceholderData ||
                    (d.total !== undefined ? page * PAGE_SIZE >= d.total : d.items.length < PAGE_SIZE),
                  onPress: () => go({ page: page + 1 }),
                }}
              >
                Page {page}
                {d.total !== undefined ? ` of ${Math.max(1, Math.ceil(d.total / PAGE_SIZE))}` : ''}
              </PagerNav>
            </>
          )}
        </QueryState>
      </Section>
    </Page>
  )
}
