/**
 * Schwab (broker type `brokerb`) through its OAuth code flow — connection and account operations here,
 * market data in schwab-market.routes.ts. `account_hash` is always a linked account's hashValue.
 */
import { Type } from 'typebox'
import type { App } from '../../../platform/http/app-type.ts'
import * as S from '../connections/connections.schemas.ts'
import * as E from './schwab.examples.ts'
import { NOT_CONNECTED, SCHWAB_PREFIX, SCHWAB_TAGS } from './schwab.schemas.ts'
import { schwabAccountRoutes } from './schwab-account.routes.ts'
import { schwabMarketRoutes } from './schwab-market.routes.ts'
import type { SchwabMarketService } from './schwab-market.service.ts'
import type { SchwabTransactionsService } from './schwab-transactions.service.ts'
import type { SchwabService } from './schwab.service.ts'
import type { ConnectionsService } from '../connections/connections.service.ts'
import { oauthRoutes, type OAuthDocs } from '../connections/oauth.routes.ts'

export interface SchwabRouteDeps {
  schwab: SchwabService
  schwabTransactions: SchwabTransactionsService
  schwabMarket: SchwabMarketService
  connections: ConnectionsService
}

export function schwabRoutes(app: App, d: SchwabRouteDeps): void {
  oauthRoutes(app, d.connections, {
    broker: 'brokerb',
    prefix: SCHWAB_PREFIX,
    tags: SCHWAB_TAGS,
    callbackQuery: CallbackQuery,
    refresh: (scope) => d.connections.refreshNow(scope, 'brokerb'),
    docs,
  })
  schwabAccountRoutes(app, d)
  schwabMarketRoutes(app, d)
}

const CallbackQuery = Type.Object({
  code: S.AuthCode('The one-time authorization code (Schwab’s end in `@`, sent as `%40`)'),
  state: Type.Optional(S.State('The state from auth-url, echoed back')),
  session: Type.Optional(
    Type.String({ maxLength: 128, pattern: '^[A-Za-z0-9-]*$', description: 'Schwab’s session id (unused)' }),
  ),
})

const docs: OAuthDocs = {
  authUrl: {
    summary: 'Schwab consent URL and its signed CSRF state',
    description:
      'The Schwab authorization URL for this user. `state` is signed by the server, pinned to the user, broker ' +
      'and tenant, valid 10 minutes and single-use. The registered callback is `$PUBLIC_BASE_URL/api/brokerb/connect`. ' +
      'In the offline sandbox the URL is the sandbox’s consent page under /sandbox/schwab.',
    examples: { 200: { description: 'The consent URL and its state', value: E.AUTH_URL } },
  },
  connectCallback: {
    summary: 'OAuth callback: exchange the code, store the tokens encrypted',
    description:
      'Not among the required operations: where Schwab sends the browser back (`code`, `session`, `state`). The code ' +
      'arrives URL-encoded (ending `%40`) and is decoded once before the exchange. State rules as POST /connect ' +
      '(missing, expired, reused, tampered or another user’s: 422). Links every account of the login.',
    examples: { query: E.CONNECT_QUERY, 200: { description: 'Connected', value: E.STATUS } },
  },
  connect: {
    summary: 'Connect with the authorization code and the state from auth-url',
    description:
      'Requires the `state` from /auth-url: a missing, mismatched (another user’s), tampered, reused or expired ' +
      'state is a 422. `auth_code` may be sent as received (`…%40`) or decoded. Tokens (access 30 minutes, ' +
      'refresh 7 days) are stored AES-256-GCM encrypted, never returned or logged; each account of the login ' +
      'becomes a portfolio account.',
    examples: { body: E.CONNECT_BODY, 200: { description: 'Connected', value: E.STATUS } },
  },
  disconnect: {
    summary: 'Remove the stored tokens; soft-archive the linked accounts',
    description:
      'Schwab has no revoke endpoint: the tokens are deleted (revoked is false) and the accounts archived.',
    examples: { 200: { description: 'Disconnected (or was not connected)', value: E.DISCONNECTED } },
  },
  status: {
    summary: 'Connected flag, last sync time and the 7-day authorisation limit (never raises)',
    description:
      'BrokerConnectionStatus. `expires_at` is when the refresh token’s hard 7-day limit ends the ' +
      'authorisation; `extra.reauthorize_hint` says to authorise again before then, and past it `connected` ' +
      'is false with `extra.reauthorize_required: true`. `extra.last_sync_at` is the last sync. Never raises: ' +
      'a failure reads `connected: false` with `extra.error`.',
    examples: { 200: { description: 'The status', value: E.STATUS } },
  },
  refresh: {
    summary: 'Force a new access token from the stored refresh token',
    description:
      'Access tokens live 30 minutes and are refreshed ahead of expiry by a job (and on use); this forces one ' +
      'now. The refresh token is kept: its 7-day limit does not move.' +
      NOT_CONNECTED,
    examples: { 200: { description: 'Refreshed', value: E.REFRESHED } },
  },
}
