/** The tenant's accounts (manual and broker-connected). */
import type { App } from '../../../platform/http/app-type.ts'
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import { problems } from '../../../platform/http/problem.ts'
import * as A from './accounts.schemas.ts'
import type { AccountsService } from './accounts.service.ts'
import { ACCOUNT } from '../portfolio.examples.ts'

export function accountsRoutes(app: App, deps: { accounts: AccountsService }): void {
  listAccountsRoute(app, deps)
  createAccountRoute(app, deps)
  updateAccountRoute(app, deps)
}

function listAccountsRoute(app: App, { accounts }: { accounts: AccountsService }): void {
  app.get(
    '/api/accounts',
    {
      schema: {
        operationId: 'listAccounts',
        summary: 'Broker accounts; archived (closed/inactive) ones only with include_archived=true',
        description:
          "The tenant's accounts, manual and broker-connected. Closed and inactive (archived) accounts are left " +
          'out unless include_archived=true. Administrators may pass tenant_id to read another tenant (403 ' +
          "for anyone else). Each item carries its cash now per currency (`cash`): a broker account's reported " +
          "balance rolled forward with later activities, a manual account's sum of the cash effects of its " +
          'activities (BUY −amount−fee, SELL +amount−fee, DEPOSIT +amount, …; see GET /api/activities).',
        examples: {
          query: { include_archived: true },
          200: {
            description: 'The accounts',
            value: {
              items: [{ ...ACCOUNT, cash: [{ currency: 'USD', balance: 3498.75 }] }],
              next_cursor: null,
              page: 1,
              page_size: 25,
            },
          },
        },
        tags: ['accounts'],
        querystring: A.ListAccountsQuery,
        response: { 200: A.AccountList, ...problems(401, 403, 422) },
      },
    },
    (req) => accounts.list(scopeOf(req), req.query),
  )
}

function createAccountRoute(app: App, { accounts }: { accounts: AccountsService }): void {
  app.post(
    '/api/accounts',
    {
      schema: {
        operationId: 'createAccount',
        summary: 'Create a manual account',
        description:
          'Creates a manually kept account (broker_type must be `manual`; brokers connect through their own ' +
          'flows). The currency defaults to USD. The plan caps the number of active manual accounts: over it, ' +
          '402 `plan.limit_reached`.',
        examples: {
          body: { name: 'Roth IRA', broker_type: 'manual', account_type: 'roth_ira', currency: 'USD' },
          201: {
            description: 'The created account',
            value: { ...ACCOUNT, id: 2, name: 'Roth IRA', account_type: 'roth_ira' },
          },
        },
        tags: ['accounts'],
        body: A.CreateAccountBody,
        response: { 201: A.AccountSchema, ...problems(401, 402, 422) },
      },
    },
    async (req, reply) => reply.code(201).send(await accounts.create(scopeOf(req), req.body)),
  )
}

function updateAccountRoute(app: App, { accounts }: { accounts: AccountsService }): void {
  app.patch(
    '/api/accounts/:account_id',
    {
      schema: {
        operationId: 'updateAccount',
        summary: 'Rename an account, change its type or status',
        description:
          'Renames an account, changes its type (null clears it) or its status. Closing or deactivating ' +
          'archives it (archived_at: now; hidden from lists unless include_archived=true): from the New York ' +
          'date of archived_at on it leaves every figure (holdings, analytics, hedging, the game plan), and it ' +
          'stays in the history before that date. Reopening clears archived_at; reopening a manual account takes a ' +
          "slot of the tenant's plan (402 `plan.limit_reached` when full). Administrators may pass tenant_id to " +
          "edit another tenant's account (403 for anyone else); a reopening there is held to that tenant's plan, " +
          "not the administrator's. 404 for an account that is not the tenant's; an empty body is a 422.",
        examples: {
          params: { account_id: 2 },
          body: { name: 'Roth IRA (Ada)', status: 'closed' },
          200: {
            description: 'The account after the change',
            value: {
              ...ACCOUNT,
              id: 2,
              name: 'Roth IRA (Ada)',
              account_type: 'roth_ira',
              status: 'closed',
              archived: true,
              archived_at: '2026-11-24T16:20:00.000Z',
              updated_at: '2026-11-24T16:20:00.000Z',
            },
          },
        },
        tags: ['accounts'],
        params: A.AccountParams,
        querystring: A.TenantQuery,
        body: A.PatchAccountBody,
        response: { 200: A.AccountSchema, ...problems(401, 402, 403, 404, 422) },
      },
    },
    (req) => accounts.update(scopeOf(req), req.params.account_id, req.query, req.body),
  )
}
