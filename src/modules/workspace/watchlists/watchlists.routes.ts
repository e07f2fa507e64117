/** /api/watchlists: the caller's lists, their items, adding, reordering, removing, autocomplete. */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import type { Watchlists } from './index.ts'
import * as S from './watchlists.schemas.ts'
import * as X from './watchlists.examples.ts'

const tags = ['watchlists']
const BASE = '/api/watchlists'

const LISTS =
  `Lists are personal (each user of a tenant has their own) and named: \`list_name\` is trimmed, ` +
  `1–${S.LIST_NAME_MAX} characters without control characters, default "${S.DEFAULT_LIST}". A list exists ` +
  'while it holds a symbol: adding a first symbol to a new name creates it, removing the last deletes it.'

export function watchlistsRoutes(app: App, api: Watchlists): void {
  readRoutes(app, api)
  changeRoutes(app, api)
}

function readRoutes(app: App, { watchlists, symbols }: Watchlists): void {
  app.get(
    BASE,
    {
      schema: {
        operationId: 'listWatchlists',
        summary: 'The caller’s watchlists with their symbol counts',
        description: `${LISTS} Ordered by name. \`total_symbols\` counts every list together, which is what the plan’s \`watchlist_symbols\` limit caps.`,
        examples: { 200: { description: 'The lists', value: X.LISTS_EXAMPLE } },
        tags,
        response: { 200: S.WatchlistsResponse, ...problems(401) },
      },
    },
    (req) => watchlists.lists(scopeOf(req)),
  )
  app.get(
    `${BASE}/items`,
    {
      schema: {
        operationId: 'listWatchlistItems',
        summary: 'The symbols of one list, in order, with their latest quotes',
        description:
          `${LISTS} Items by position (0 first) with the latest price and day change (percent, 2.5 = 2.5 %). ` +
          'When the market data provider fails the items are still listed, with null prices and `quotes: "unavailable"`. ' +
          'A name with no list answers an empty list.',
        examples: {
          query: { list_name: 'default' },
          200: { description: 'The list', value: X.ITEMS_EXAMPLE },
        },
        tags,
        querystring: S.ListQuery,
        response: { 200: S.ItemsResponse, ...problems(401, 422) },
      },
    },
    (req) => watchlists.items(scopeOf(req), req.query.list_name),
  )
  autocompleteRoute(app, symbols)
}

function changeRoutes(app: App, { watchlists }: Watchlists): void {
  app.post(
    `${BASE}/items`,
    {
      schema: {
        operationId: 'addWatchlistItem',
        summary: 'Add a symbol to a list (creating the list)',
        description:
          `${LISTS} The symbol is upper-cased and appended at the end. A symbol the market data universe does not ` +
          'list → 422 `watchlists.unknown_symbol` with the closest tickers in `suggestions`; one already on the list → 409 ' +
          '`watchlists.duplicate`; the plan’s `watchlist_symbols` limit, counted over all the caller’s lists, reached → 402 ' +
          '`plan.limit_reached`.',
        examples: {
          body: { symbol: 'nvda', list_name: 'default' },
          201: { description: 'Added', value: X.ADDED_EXAMPLE },
        },
        tags,
        body: S.AddBody,
        response: { 201: S.AddedItem, ...problems(401, 402, 409, 422, 502) },
      },
    },
    async (req, reply) => reply.code(201).send(await watchlists.add(scopeOf(req), req.body)),
  )
  app.patch(
    `${BASE}/items/reorder`,
    {
      schema: {
        operationId: 'reorderWatchlistItems',
        summary: 'Put a list’s symbols in a new order',
        description:
          '`symbols` must be a permutation of the list: every symbol on it exactly once (any case). Otherwise → 422 ' +
          '`watchlists.not_a_permutation` whose `missing`, `extra` and `duplicates` name the symbols left out, not on ' +
          'the list, and given more than once (a name with no list: every symbol is extra). Answers the new order.',
        examples: {
          body: { list_name: 'default', symbols: ['MSFT', 'AAPL'] },
          200: { description: 'Reordered', value: X.REORDER_EXAMPLE },
        },
        tags,
        body: S.ReorderBody,
        response: { 200: S.ReorderResponse, ...problems(401, 422) },
      },
    },
    (req) => watchlists.reorder(scopeOf(req), req.body),
  )
  app.delete(
    `${BASE}/items/:symbol`,
    {
      schema: {
        operationId: 'removeWatchlistItem',
        summary: 'Remove a symbol from a list',
        description:
          'Answers the removed item. The symbols after it move up one; removing the last symbol deletes the list ' +
          '(`list_deleted: true`). A symbol not on the list, or a list the caller does not have → 404 `watchlists.not_on_list`.',
        examples: {
          params: { symbol: 'NVDA' },
          query: { list_name: 'default' },
          200: { description: 'Removed', value: { ...X.ADDED_EXAMPLE, list_deleted: false } },
        },
        tags,
        params: S.SymbolParams,
        querystring: S.ListQuery,
        response: { 200: S.RemovedItem, ...problems(401, 404, 422) },
      },
    },
    (req) => watchlists.remove(scopeOf(req), req.params.symbol, req.query.list_name),
  )
}

function autocompleteRoute(app: App, symbols: Watchlists['symbols']): void {
  app.get(
    `${BASE}/autocomplete`,
    {
      schema: {
        operationId: 'watchlistAutocomplete',
        summary: 'Symbols matching what is typed',
        description:
          `Over the market data universe: first tickers starting with \`q\` (the exact ticker first, then shorter ` +
          'tickers, then alphabetically), then instruments whose name has a word starting with each word of `q` ' +
          `(larger market caps first). \`q\` is required, 1–${S.AUTOCOMPLETE_Q_MAX} characters (else 422); \`limit\` ` +
          `1–${S.AUTOCOMPLETE_MAX}, default ${S.AUTOCOMPLETE_DEFAULT}. Case does not matter.`,
        examples: {
          query: { q: 'am', limit: 3 },
          200: { description: 'Matches', value: X.AUTOCOMPLETE_EXAMPLE },
        },
        tags,
        querystring: S.AutocompleteQuery,
        response: { 200: S.AutocompleteResponse, ...problems(401, 422, 502) },
      },
    },
    (req) => symbols.autocomplete(req.query),
  )
}
