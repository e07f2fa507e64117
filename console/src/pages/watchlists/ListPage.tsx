/**
 * /watchlists/:listName — one list: add a symbol (autocomplete), its symbols in order with quotes
 * (drag or Up/Down to reorder, Remove), and its analytics. Reads GET /api/watchlists/items and
 * GET /api/watchlists/analytics; writes POST/PATCH/DELETE under /api/watchlists/items.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { Page, Section } from '../../ui/Page.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { ItemsTable } from './ItemsTable.tsx'
import { ListAnalytics } from './ListAnalytics.tsx'
import {
  addSymbol,
  ANALYTICS,
  fetchAnalytics,
  fetchItems,
  itemsKey,
  removeSymbol,
  reorder,
  WATCHLISTS,
} from './queries.ts'
import { SymbolCombobox } from './SymbolCombobox.tsx'

export default function ListPage() {
  const name = useParams().listName ?? 'default'
  const qc = useQueryClient()
  const items = useQuery({ queryKey: itemsKey(name), queryFn: () => fetchItems(name) })
  const analytics = useQuery({ queryKey: ANALYTICS, queryFn: fetchAnalytics })
  const refresh = () => qc.invalidateQueries({ queryKey: WATCHLISTS })
  const add = useMutation({ mutationFn: (symbol: string) => addSymbol(symbol, name), onSuccess: refresh })
  const remove = useMutation({
    mutationFn: (symbol: string) => removeSymbol(symbol, name),
    onSuccess: refresh,
  })
  const order = useMutation({
    mutationFn: (symbols: string[]) => reorder(name, symbols),
    onSuccess: (answer) => {
      // Show the new order at once; the quotes come with the refetch.
      qc.setQueryData(
        itemsKey(name),
        (old: Awaited<ReturnType<typeof fetchItems>> | undefined) =>
          old && {
            ...old,
            items: answer.items.map((i) => ({
              ...old.items.find((o) => o.symbol === i.symbol)!,
              position: i.position,
            })),
          },
      )
      return refresh()
    },
  })
  const busy = add.isPending || remove.isPending || order.isPending
  const figures = analytics.data?.lists.find((l) => l.list_name === name)

  return (
    <Page title={`Watchlist: ${name}`} actions={<Link to="/watchlists">All watchlists</Link>}>
      <Section title="Add a symbol">
        <SymbolCombobox label="Symbol" onPick={(s) => add.mutate(s)} error={add.error} busy={busy} />
        <ProblemAlert error={add.error} />
        {add.isSuccess && (
          <p className="notice" role="status">
            Added {add.data.symbol}.
          </p>
        )}
      </Section>
      <Section title="Symbols">
        <ProblemAlert error={remove.error ?? order.error} />
        <QueryState
          query={items}
          isEmpty={(d) => d.items.length === 0}
          empty="This list has no symbols (an emptied list is deleted). Add one above to start it again."
        >
          {(d) => (
            <>
              {d.quotes === 'unavailable' && (
                <p className="notice">Quotes are unavailable right now; prices show as —.</p>
              )}
              <ItemsTable
                items={d.items}
                busy={busy}
                onReorder={(symbols) => order.mutate(symbols)}
                onRemove={(symbol) => remove.mutate(symbol)}
              />
            </>
          )}
        </QueryState>
      </Section>
      <Section title="Analytics">
        <QueryState query={analytics} isEmpty={() => !figures} empty="No analytics: the list has no symbols.">
          {() => figures && <ListAnalytics list={figures} />}
        </QueryState>
      </Section>
    </Page>
  )
}
