/** Request and response schemas of /api/watchlists, and the limits they state. */
import { type Static, Type } from 'typebox'
import { NOT_BLANK } from '../../../platform/http/schemas.ts'

export const DEFAULT_LIST = 'default'
export const LIST_NAME_MAX = 40
export const AUTOCOMPLETE_Q_MAX = 20
export const AUTOCOMPLETE_DEFAULT = 10
export const AUTOCOMPLETE_MAX = 25
export const REORDER_MAX = 5000
/** A ticker as typed (any case; upper-cased by the service): BRK.B, ^VIX, BF-B. */
export const SYMBOL_PATTERN = '^[A-Za-z0-9^][A-Za-z0-9.^-]{0,15}$'

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(s: T, description: string) =>
  Type.Union([s, Type.Null()], { description })

export const ListName = Type.String({
  minLength: 1,
  maxLength: LIST_NAME_MAX,
  pattern: NOT_BLANK,
  errorMessage: { pattern: 'must not be blank or hold control characters' },
  description: `The list's name: 1–${LIST_NAME_MAX} characters, no control characters, trimmed; default "${DEFAULT_LIST}"`,
})
export const Ticker = Type.String({
  pattern: SYMBOL_PATTERN,
  description: 'Ticker, any case (stored upper case): AAPL, BRK.B',
})

export const ListQuery = Type.Object({ list_name: Type.Optional(ListName) })
export const SymbolParams = Type.Object({ symbol: Ticker })
export const AddBody = Type.Object({ symbol: Ticker, list_name: Type.Optional(ListName) })
export const ReorderBody = Type.Object({
  list_name: Type.Optional(ListName),
  symbols: Type.Array(Ticker, {
    minItems: 1,
    maxItems: REORDER_MAX,
    description: 'Every symbol of the list exactly once, in the new order (first = position 0)',
  }),
})
export const AutocompleteQuery = Type.Object({
  q: Type.String({
    minLength: 1,
    maxLength: AUTOCOMPLETE_Q_MAX,
    pattern: NOT_BLANK,
    errorMessage: { pattern: 'must not be blank or hold control characters' },
    description: `A ticker or company-name start, 1–${AUTOCOMPLETE_Q_MAX} characters (required)`,
  }),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: AUTOCOMPLETE_MAX,
      description: `Matches returned, 1–${AUTOCOMPLETE_MAX}; default ${AUTOCOMPLETE_DEFAULT}`,
    }),
  ),
})
export type AutocompleteQueryInput = Static<typeof AutocompleteQuery>

export const Watchlist = Type.Object({
  list_name: Type.String(),
  count: Type.Integer({ description: 'Symbols on the list' }),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time', description: 'Last change of its members or their order' }),
})
export const WatchlistsResponse = Type.Object({
  lists: Type.Array(Watchlist),
  total_symbols: Type.Integer({ description: 'Symbols over all the lists (what the plan limit counts)' }),
  limit: nullable(Type.Integer(), 'The plan’s `watchlist_symbols` limit; null when the plan sets none'),
})

export const Item = Type.Object({
  symbol: Type.String(),
  position: Type.Integer({ description: '0 first' }),
  added_at: Type.String({ format: 'date-time' }),
})
export type ItemOut = Static<typeof Item>

export const QuotedItem = Type.Object({
  symbol: Type.String(),
  name: nullable(Type.String(), 'Company or fund name; null when the universe no longer lists it'),
  position: Type.Integer({ description: '0 first' }),
  added_at: Type.String({ format: 'date-time' }),
  price: nullable(Type.Number(), 'Latest price; null when the quote is unavailable'),
  change: nullable(Type.Number(), 'Change from the previous close; null when unavailable'),
  change_pct: nullable(Type.Number(), 'Day change in percent (2.5 = 2.5 %); null when unavailable'),
  quote_as_of: nullable(Type.String({ format: 'date-time' }), 'When the price was the price'),
})
export const ItemsResponse = Type.Object({
  list_name: Type.String(),
  quotes: Type.Enum(['ok', 'unavailable'], {
    description: 'unavailable: the market data provider failed; prices are null, the list is still listed',
  }),
  items: Type.Array(QuotedItem),
})
export type ItemsOut = Static<typeof ItemsResponse>

export const AddedItem = Type.Object({ list_name: Type.String(), ...Item.properties })
export const RemovedItem = Type.Object({
  list_name: Type.String(),
  ...Item.properties,
  list_deleted: Type.Boolean({ description: 'True when it was the last symbol: the list is gone' }),
})
export const ReorderResponse = Type.Object({
  list_name: Type.String(),
  items: Type.Array(Item),
  updated_at: Type.String({ format: 'date-time' }),
})

export const Suggestion = Type.Object({
  symbol: Type.String(),
  name: Type.String(),
  exchange: Type.String(),
  type: Type.String({ description: 'stock, etf, inverse_etf or index' }),
  match: Type.Enum(['ticker_exact', 'ticker_prefix', 'name'], {
    description:
      'Why it matched: the whole ticker, the start of the ticker, or the start of words of the name',
  }),
})
export const AutocompleteResponse = Type.Object({ q: Type.String(), items: Type.Array(Suggestion) })
