/**
 * The connection routes both OAuth brokers (A and B) share: auth-url, the GET callback, POST connect,
 * disconnect, status and refresh. Each broker passes its own documentation (summary, description,
 * examples, in its own key order), its callback query schema and how it refreshes; paths, operation
 * ids, response schemas and handlers are the same.
 */
import type { Static, TObject, TOptional, TString } from 'typebox'
import type { App } from '../../../platform/http/app-type.ts'
import type { RequestScope } from '../../../platform/auth/scope.ts'
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import { problems } from '../../../platform/http/problem.ts'
import * as S from './connections.schemas.ts'
import { callbackAnswer, RETURN_DOC } from './console-return.routes.ts'
import type { ConnectedBroker } from '../brokers.tables.ts'
import type { ConnectionsService } from './connections.service.ts'

/** Each operation's own words: summary, description and examples (their key order is kept in the document). */
export type OAuthDocs = Record<
  'authUrl' | 'connectCallback' | 'connect' | 'disconnect' | 'status' | 'refresh',
  Record<string, unknown>
>

/** The GET callback's query: the code and the state (a vendor may add fields of its own). */
type CallbackQuery = TObject<{ code: TString; state: TOptional<TString> }>

export interface OAuthRoutesSpec {
  broker: Extract<ConnectedBroker, 'brokera' | 'brokerb'>
  /** `/api/brokera` or `/api/brokerb`. */
  prefix: string
  tags: string[]
  callbackQuery: CallbackQuery
  refresh: (scope: RequestScope) => Promise<Static<typeof S.Refreshed>>
  docs: OAuthDocs
}

/** Registers the six routes in the order the OpenAPI document lists them. */
export function oauthRoutes(app: App, connections: ConnectionsService, spec: OAuthRoutesSpec): void {
  connectRoutes(app, connections, spec)
  connectionRoutes(app, connections, spec)
}

function connectRoutes(
  app: App,
  connections: ConnectionsService,
  { broker, prefix: P, tags, callbackQuery, docs }: OAuthRoutesSpec,
): void {
  const id = (name: string) => `${broker}${name}`
  app.get(
    `${P}/auth-url`,
    {
      schema: {
        operationId: id('AuthUrl'),
        ...docs.authUrl,
        description: `${String(docs.authUrl['description'])}${RETURN_DOC}`,
        examples: { query: { return_to: '/app/brokers' }, ...(docs.authUrl['examples'] as object) },
        tags,
        querystring: S.AuthUrlQuery,
        response: { 200: S.AuthUrl, ...problems(401, 422, 503) },
      },
    },
    (req) => connections.authUrl(scopeOf(req), broker, req.query.return_to),
  )

  app.get(
    `${P}/connect`,
    {
      // A flow the console started goes back to it even when the vendor's answer is not valid input
      // (a refused consent brings `error`, no `code`): the handler decides, from the state.
      attachValidation: true,
      schema: {
        operationId: id('ConnectCallback'),
        ...docs.connectCallback,
        description: `${String(docs.connectCallback['description'])}${RETURN_DOC}`,
        tags,
        querystring: callbackQuery,
        response: {
          200: S.ConnectionStatus,
          303: S.BackToConsole,
          ...problems(401, 422, 502, 503),
        },
      },
    },
    (req, reply) =>
      callbackAnswer(req, reply, {
        broker,
        returnTo: connections.states.returnPath((req.query as { state?: unknown }).state),
        run: () =>
          connections.connect(scopeOf(req), broker, {
            code: req.query.code,
            state: req.query.state,
            where: 'query',
          }),
      }),
  )

  app.post(
    `${P}/connect`,
    {
      schema: {
        operationId: id('Connect'),
        ...docs.connect,
        tags,
        body: S.ConnectBody,
        response: { 200: S.ConnectionStatus, ...problems(401, 422, 502, 503) },
      },
    },
    (req) =>
      connections.connect(scopeOf(req), broker, {
        code: req.body.auth_code,
        state: req.body.state,
        where: 'body',
      }),
  )
}

function connectionRoutes(
  app: App,
  connections: ConnectionsService,
  { broker, prefix: P, tags, refresh, docs }: OAuthRoutesSpec,
): void {
  const id = (name: string) => `${broker}${name}`
  app.post(
    `${P}/disconnect`,
    {
      schema: {
        operationId: id('Disconnect'),
        ...docs.disconnect,
        tags,
        response: { 200: S.Disconnected, ...problems(401) },
      },
    },
    (req) => connections.disconnect(scopeOf(req), broker),
  )

  app.get(
    `${P}/status`,
    {
      schema: {
        operationId: id('Status'),
        ...docs.status,
        tags,
        response: { 200: S.ConnectionStatus, ...problems(401) },
      },
    },
    (req) => connections.status(scopeOf(req), broker),
  )

  app.post(
    `${P}/refresh`,
    {
      schema: {
        operationId: id('Refresh'),
        ...docs.refresh,
        tags,
        response: { 200: S.Refreshed, ...problems(401, 422, 502, 503) },
      },
    },
    (req) => refresh(scopeOf(req)),
  )
}
