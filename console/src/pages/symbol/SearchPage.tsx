/**
 * /symbols: find an instrument by ticker or name (GET /api/instruments?q=…) and open its page. The
 * text searched lives in the address (?q=), so a search can be bookmarked and Back returns to it.
 */
import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { api, data } from '../../api/client.ts'
import { Page, Section } from '../../ui/Page.tsx'
import { Field } from '../../ui/Field.tsx'
import { formFields } from '../../ui/form.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { TableWrap } from '../../ui/TableWrap.tsx'

export default function SearchPage() {
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const results = useQuery({
    queryKey: ['instruments', q],
    enabled: q !== '',
    queryFn: () => data(api.GET('/api/instruments', { params: { query: { q, page_size: 25 } } })),
  })
  return (
    <Page title="Symbols">
      <Section title="Search">
        <form
          role="search"
          aria-label="Search symbols"
          className="inline"
          onSubmit={(e) => {
            const text = formFields(e)('q').trim()
            setParams(text ? { q: text } : {})
          }}
        >
          <Field
            label="Ticker or company name"
            name="q"
            type="search"
            defaultValue={q}
            key={q}
            error={results.error}
            autoComplete="off"
          />
          <button type="submit">Search</button>
        </form>
      </Section>
      {q && (
        <Section title={`Results for “${q}”`}>
          <QueryState
            query={results}
            label="Searching"
            isEmpty={(r) => r.items.length === 0}
            empty="No instrument matches. Try the ticker (AAPL) or a word of the company’s name (apple)."
          >
            {(r) => (
              <TableWrap label="Search results">
                <table>
                  <caption className="muted">
                    {r.total ?? r.items.length} found
                    {r.next_cursor ? `, the first ${r.items.length} shown` : ''}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Symbol</th>
                      <th scope="col">Name</th>
                      <th scope="col">Exchange</th>
                      <th scope="col">Type</th>
                      <th scope="col">Currency</th>
                    </tr>
                  </thead>
                  <tbody>
                    {r.items.map((i) => (
                      <tr key={i.symbol}>
                        <td>
                          <Link to={`/symbols/${encodeURIComponent(i.symbol)}`}>{i.symbol}</Link>
                        </td>
                        <td>{i.name}</td>
                        <td>{i.exchange || '—'}</td>
                        <td>{i.type.replace('_', ' ')}</td>
                        <td>{i.currency}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableWrap>
            )}
          </QueryState>
        </Section>
      )}
    </Page>
  )
}
