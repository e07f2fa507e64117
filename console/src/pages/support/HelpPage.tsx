/**
 * /support/help — the help articles the assistant answers from. Without a search, every article by
 * title; a search (kept in the address, ?q=) lists the articles that match, best first, each with
 * the passage that matched best (GET /api/support/ai/help?q=…).
 */
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { Field } from '../../ui/Field.tsx'
import { formFields } from '../../ui/form.ts'
import { Page, Section } from '../../ui/Page.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { fetchHelp, helpKey, type HelpItem } from './help.ts'
import { SupportTabs } from './SupportTabs.tsx'

/** The search form; submitting it opens /support/help?q=… (from any page it is on). */
export function HelpSearch({ q, error }: { q: string; error?: unknown }) {
  const navigate = useNavigate()
  return (
    <form
      role="search"
      aria-label="Search the help articles"
      className="inline support-help-search"
      onSubmit={(e) => {
        const text = formFields(e)('q').trim()
        void navigate(text ? `/support/help?q=${encodeURIComponent(text)}` : '/support/help')
      }}
    >
      <Field
        label="Search the help"
        name="q"
        type="search"
        defaultValue={q}
        key={q}
        maxLength={200}
        error={error}
        autoComplete="off"
      />
      <button type="submit">Search</button>
    </form>
  )
}

function Hit({ item }: { item: HelpItem }) {
  return (
    <li data-slug={item.slug}>
      <Link to={`/support/help/${encodeURIComponent(item.slug)}`}>{item.title}</Link>
      {item.passage !== null && <p className="support-help-passage">{item.passage}</p>}
    </li>
  )
}

export default function HelpPage() {
  const [params] = useSearchParams()
  const q = params.get('q')?.trim() ?? ''
  const list = useQuery({ queryKey: helpKey(q), queryFn: () => fetchHelp(q) })
  return (
    <Page title="Help">
      <SupportTabs />
      <Section title="Search">
        <HelpSearch q={q} error={list.error} />
      </Section>
      <Section title={q ? `Articles about “${q}”` : 'All articles'}>
        <QueryState
          query={list}
          label={q ? 'Searching' : 'Loading the articles'}
          isEmpty={(r) => r.items.length === 0}
          empty={
            <>
              No help article matches. Try other words, <Link to="/support">ask the assistant</Link> or{' '}
              <Link to="/support/cases/new">write to the support team</Link>.
            </>
          }
        >
          {(r) => (
            <ul className="support-help-results" data-q={r.q ?? ''}>
              {r.items.map((item) => (
                <Hit key={item.slug} item={item} />
              ))}
            </ul>
          )}
        </QueryState>
      </Section>
    </Page>
  )
}
