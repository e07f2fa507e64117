/**
 * /watchlists — the caller's lists with their symbol counts (GET /api/watchlists), and a new list:
 * a name and its first symbol (POST /api/watchlists/items creates the list with it).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { Field } from '../../ui/Field.tsx'
import { dateTime } from '../../ui/format.ts'
import { Page, Section } from '../../ui/Page.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { TableWrap } from '../../ui/TableWrap.tsx'
import { addSymbol, fetchLists, listPath, WATCHLISTS } from './queries.ts'
import { SymbolCombobox } from './SymbolCombobox.tsx'

export default function WatchlistsPage() {
  const lists = useQuery({ queryKey: WATCHLISTS, queryFn: fetchLists })
  const qc = useQueryClient()
  const navigate = useNavigate()
  const [name, setName] = useState('')
  const create = useMutation({
    mutationFn: (symbol: string) => addSymbol(symbol, name.trim() || 'default'),
    onSuccess: async (added) => {
      await qc.invalidateQueries({ queryKey: WATCHLISTS })
      void navigate(listPath(added.list_name))
    },
  })
  return (
    <Page title="Watchlists">
      <Section title="Your lists">
        <QueryState
          query={lists}
          isEmpty={(d) => d.lists.length === 0}
          empty="No watchlist yet. Name one below and add its first symbol."
        >
          {(d) => (
            <TableWrap label="Your watchlists">
              <table>
                <caption className="muted">
                  {d.total_symbols} symbols in all{d.limit !== null ? ` (your plan allows ${d.limit})` : ''}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">List</th>
                    <th scope="col" className="num">
                      Symbols
                    </th>
                    <th scope="col">Last change</th>
                  </tr>
                </thead>
                <tbody>
                  {d.lists.map((l) => (
                    <tr key={l.list_name} data-list={l.list_name}>
                      <th scope="row">
                        <Link to={listPath(l.list_name)}>{l.list_name}</Link>
                      </th>
                      <td className="num" data-count={l.list_name}>
                        {l.count}
                      </td>
                      <td>{dateTime(l.updated_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
          )}
        </QueryState>
      </Section>
      <Section title="New list">
        <p className="muted">A list starts with its first symbol.</p>
        <Field
          label="List name"
          name="list_name"
          value={name}
          maxLength={40}
          placeholder="default"
          onChange={(e) => setName(e.target.value)}
          error={create.error}
        />
        <SymbolCombobox
          label="First symbol"
          onPick={(s) => create.mutate(s)}
          error={create.error}
          busy={create.isPending}
        />
        <ProblemAlert error={create.error} />
      </Section>
    </Page>
  )
}
