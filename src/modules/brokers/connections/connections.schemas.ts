/** The schemas of a connection, the same for every broker: its status, the OAuth flow's state and code, disconnect and refresh. */
import { Type } from 'typebox'
import { NoContent } from '../../../platform/http/schemas.ts'

export const ConnectionStatus = Type.Object(
  {
    connected: Type.Boolean(),
    expires_at: Type.Union([Type.String(), Type.Null()], {
      description: 'When the connection lapses (the refresh token’s limit); null when the vendor sets none',
    }),
    extra: Type.Record(Type.String(), Type.Unknown(), {
      description:
        'Details: connected_at, last_sync_at, last_error, accounts (masked numbers); `error` when the ' +
        'status could not be read; `hint` when not connected; `reconnect_required: true` and `reason` ' +
        '(what to do) when the vendor no longer has the connection (disabled or deleted there, or its user gone)',
    }),
  },
  { description: 'BrokerConnectionStatus' },
)

/** Segments of letters, digits, `_` and `-` below /app: no dots, no `//`, no scheme or host. */
const RETURN_PATH = '^/app(/[A-Za-z0-9_-]+)*/?$'

export const ReturnTo = (description: string) =>
  Type.Optional(
    Type.String({
      maxLength: 200,
      pattern: RETURN_PATH,
      description: `${description} A console path (/app/…; anything else is a 422).`,
    }),
  )

export const AuthUrlQuery = Type.Object({
  return_to: ReturnTo('Where the callback sends the browser back (the web console), e.g. /app/brokers.'),
})

/** The callback of a flow started with `return_to`: no body, a Location back to the console. */
export const BackToConsole = NoContent(
  'Started with return_to: see Other, to that console path with ?connected=<broker_type> or ?error=<problem code>',
)

export const AuthUrl = Type.Object({
  url: Type.String({ description: 'The vendor’s consent page; send the user there' }),
  state: Type.String({
    description: 'Signed, single-use CSRF token pinned to you, this broker and your tenant; valid 10 minutes',
  }),
  expires_at: Type.String({ format: 'date-time' }),
})

/** Vendors' codes are printable ASCII without spaces (Schwab's end in `@`). */
export const AuthCode = (description: string) =>
  Type.String({ minLength: 1, maxLength: 2048, pattern: '^[!-~]+$', description })
/** Our states are base64url text and a dot; anything else is refused before it is read. */
export const State = (description: string) =>
  Type.String({ maxLength: 2048, pattern: '^[A-Za-z0-9_.-]*$', description })

export const ConnectQuery = Type.Object({
  code: AuthCode('The one-time authorization code'),
  state: Type.Optional(State('The state from auth-url, echoed back')),
})

export const ConnectBody = Type.Object({
  auth_code: AuthCode('The one-time authorization code the vendor sent back'),
  // Optional in the schema so a missing state is the state check's 422 `broker.state_missing`, as on the
  // GET callback and the unified connect, never a bare validation failure.
  state: Type.Optional(State('The state from auth-url; required (missing: 422 `broker.state_missing`)')),
})

export const Disconnected = Type.Object({
  disconnected: Type.Boolean({ description: 'false when there was no connection' }),
  revoked: Type.Optional(Type.Boolean({ description: 'whether the vendor confirmed the revocation' })),
  detail: Type.String(),
  archived_account_ids: Type.Array(Type.Integer(), {
    description: 'Portfolio accounts soft-archived (GET /api/accounts?include_archived=true shows them)',
  }),
})

export const Refreshed = Type.Object({
  refreshed: Type.Boolean(),
  detail: Type.String(),
  status: ConnectionStatus,
})
