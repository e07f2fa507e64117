/** Request and response schemas of the unified broker routes and the sync log. */
import { Type } from 'typebox'
import { Page, PageQuery } from '../../../platform/http/pagination.ts'
import { AuthCode, ReturnTo, State } from '../connections/connections.schemas.ts'

/** A broker's own id for an account (a UUID, Schwab's hashValue, SnapTrade's uuid). */
const VendorId = (description: string) =>
  Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_.:-]+$', description })

const NullableString = Type.Union([Type.String(), Type.Null()])

export const BrokerTypeParams = Type.Object({
  broker_type: Type.String({
    // Length and charset only: any type we do not know (in any case) is the 404 `broker.unknown_type`.
    pattern: '^[A-Za-z0-9_-]{1,32}$',
    description: 'brokera, brokerb, aggregator or manual; any other type is a 404',
  }),
})

export const UnifiedConnectBody = Type.Object({
  auth_code: Type.Optional(AuthCode('OAuth code-flow brokers: the code')),
  state: Type.Optional(State('OAuth code-flow brokers: the state from their auth-url')),
  broker: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z0-9_-]{1,64}$',
      description: 'aggregator (required there): the brokerage to connect through the portal, e.g. ALPACA',
    }),
  ),
  return_to: ReturnTo(
    'aggregator: where its callback sends the browser back (the web console), e.g. /app/brokers; ' +
      'OAuth code-flow brokers take it on their auth-url instead.',
  ),
})

/** The unified connect's answer for SnapTrade: its connection portal. */
export const PortalRedirect = Type.Object(
  {
    redirect_url: Type.String({
      description:
        'The aggregator’s connection portal (valid 5 minutes); it returns to …/aggregator/callback',
    }),
  },
  { description: 'aggregator: where to send the browser' },
)

export const BrokerAccounts = Type.Object({
  broker_type: Type.String(),
  items: Type.Array(
    Type.Object({
      id: Type.String({ description: 'The broker’s id for the account (broker B: the hashValue)' }),
      account_id: Type.Union([Type.Integer(), Type.Null()], {
        description: 'The portfolio account it syncs into',
      }),
      number: Type.String({ description: 'Masked account number' }),
      name: Type.String(),
      currency: Type.String(),
      account_type: NullableString,
    }),
  ),
})

export const PositionsQuery = Type.Object({
  account_id: Type.Optional(VendorId('The broker’s account id (default: the first linked)')),
})

export const BrokerPositions = Type.Object({
  broker_type: Type.String(),
  account_id: NullableString,
  items: Type.Array(
    Type.Object({
      symbol: Type.String(),
      quantity: Type.String(),
      average_price: Type.String(),
      cost_basis: Type.String(),
      price: NullableString,
      market_value: NullableString,
      unrealized_pl: NullableString,
    }),
  ),
})

export const QuotesQuery = Type.Object({
  symbols: Type.String({
    pattern: '^[A-Za-z0-9.$/^-]{1,21}(,[A-Za-z0-9.$/^-]{1,21}){0,99}$',
    description: 'Comma-separated',
  }),
})

export const BrokerQuotes = Type.Object({
  broker_type: Type.String(),
  delayed: Type.Boolean({ description: 'true when these came from delayed market data, not the broker' }),
  items: Type.Array(
    Type.Object({
      symbol: Type.String(),
      last: Type.Number(),
      bid: Type.Union([Type.Number(), Type.Null()]),
      ask: Type.Union([Type.Number(), Type.Null()]),
      volume: Type.Number(),
      as_of: Type.String(),
    }),
  ),
})

export const TransactionsQuery = Type.Object({
  account_hash: VendorId('The broker’s account id (broker B: hashValue)'),
  year: Type.String({ pattern: '^(19|20)[0-9]{2}$', description: 'Tax year, 4 digits, 2000 to this year' }),
  page: PageQuery.properties.page,
  page_size: Type.Optional(
    Type.Integer({ enum: [25, 50, 100], description: 'Items per page: 25, 50 or 100 (default 100)' }),
  ),
  cursor: PageQuery.properties.cursor,
})

export const BrokerTransactions = Type.Object({
  broker_type: Type.String(),
  account_hash: Type.String(),
  year: Type.String(),
  ...Page(Type.Null()).properties,
  items: Type.Array(
    Type.Object({
      id: Type.String(),
      type: Type.String(),
      time: Type.String(),
      symbol: NullableString,
      side: NullableString,
      quantity: NullableString,
      price: NullableString,
      net_amount: NullableString,
    }),
  ),
})

export const SyncResult = Type.Object({
  sync_id: Type.Integer({ description: 'The sync log row' }),
  broker: Type.String(),
  kind: Type.String(),
  accounts: Type.Integer(),
  positions: Type.Integer({ description: 'Holdings written into today’s snapshot' }),
  fills_received: Type.Integer({
    description: 'Fills the broker reported since the last sync (with overlap)',
  }),
  fills_new: Type.Integer({ description: 'Fills not seen before (vendor ids are the key)' }),
  activities_new: Type.Integer({
    description:
      "Activities written into the accounts' ledgers (deposits, dividends, trades…), not seen before",
  }),
  trades: Type.Integer({ description: 'Realized trades recomputed by lot matching' }),
})

export const SyncLogQuery = Type.Object({
  broker_type: Type.Optional(
    Type.Union([Type.Literal('brokera'), Type.Literal('brokerb'), Type.Literal('aggregator')]),
  ),
  ...PageQuery.properties,
})

export const SyncLog = Page(
  Type.Object({
    id: Type.Integer(),
    broker_type: Type.String(),
    sync_kind: Type.String({ description: 'manual (a request), scheduled (the evening job) or connect' }),
    status: Type.String({ description: 'ok or error' }),
    positions: Type.Integer(),
    transactions: Type.Integer({ description: 'new fills stored' }),
    error: NullableString,
    user_id: Type.Union([Type.Integer(), Type.Null()], { description: 'who asked; null for the job' }),
    started_at: Type.String({ format: 'date-time' }),
    finished_at: Type.String({ format: 'date-time' }),
  }),
)
