/** Spec §4.3 (accounts) and the manual part of §4.10 (manual positions and transactions). */
import type { App } from '../../app/types.ts'
import { scopeOf } from '../../platform/auth/authenticate.ts'
import { problems } from '../../platform/http/problem.ts'
import { NoContent } from '../../platform/http/schemas.ts'
import * as A from './accounts.schemas.ts'
import type { AccountsService } from './accounts.service.ts'
import * as M from './manual.schemas.ts'
import type { ManualService } from './manual.service.ts'

export function accountRoutes(
  app: App,
  { accounts, manual }: { accounts: AccountsService; manual: ManualService },
): void {
  app.get(
    '/api/accounts',
    {
      schema: {
        operationId: 'listAccounts',
        summary: 'Broker accounts; archived (closed/inactive) ones only with include_archived=true',
        tags: ['accounts'],
        querystring: A.ListAccountsQuery,
        response: { 200: A.AccountList, ...problems(401, 403, 422) },
      },
    },
    (req) => accounts.list(scopeOf(req), req.query),
  )

  app.post(
    '/api/accounts',
    {
      schema: {
        operationId: 'createAccount',
        summary: 'Create a manual account',
        tags: ['accounts'],
        body: A.CreateAccountBody,
        response: { 201: A.AccountSchema, ...problems(401, 402, 422) },
      },
    },
    async (req, reply) => reply.code(201).send(await accounts.create(scopeOf(req), req.body)),
  )

  app.patch(
    '/api/accounts/:account_id',
    {
      schema: {
        operationId: 'updateAccount',
        summary: 'Rename an account, change its type or status',
        tags: ['accounts'],
        params: A.AccountParams,
        querystring: A.TenantQuery,
        body: A.PatchAccountBody,
        response: { 200: A.AccountSchema, ...problems(401, 403, 404, 422) },
      },
    },
    (req) => accounts.update(scopeOf(req), req.params.account_id, req.query, req.body),
  )

  const tags = ['manual holdings']
  app.get(
    '/api/brokers/manual/positions',
    {
      schema: {
        operationId: 'listManualPositions',
        summary: 'Latest manual holdings (one per account and symbol)',
        tags,
        querystring: M.PositionQuery,
        response: { 200: M.PositionList, ...problems(401, 404, 422) },
      },
    },
    (req) => manual.positions(scopeOf(req), req.query),
  )

  app.post(
    '/api/brokers/manual/positions',
    {
      schema: {
        operationId: 'putManualPosition',
        summary: 'Create or replace the holding of a symbol for a day (default: today, New York)',
        tags,
        body: M.CreatePositionBody,
        response: { 201: M.PositionSchema, ...problems(401, 404, 422) },
      },
    },
    async (req, reply) => reply.code(201).send(await manual.putPosition(scopeOf(req), req.body)),
  )

  app.patch(
    '/api/brokers/manual/positions/:position_id',
    {
      schema: {
        operationId: 'updateManualPosition',
        summary: 'Edit a manual holding',
        tags,
        params: M.PositionParams,
        body: M.PatchPositionBody,
        response: { 200: M.PositionSchema, ...problems(401, 404, 409, 422) },
      },
    },
    (req) => manual.patchPosition(scopeOf(req), req.params.position_id, req.body),
  )

  app.delete(
    '/api/brokers/manual/positions/:position_id',
    {
      schema: {
        operationId: 'deleteManualPosition',
        summary: 'Soft-delete a manual holding',
        tags,
        params: M.PositionParams,
        response: { 204: NoContent('Deleted'), ...problems(401, 404, 422) },
      },
    },
    async (req, reply) => {
      await manual.deletePosition(scopeOf(req), req.params.position_id)
      return reply.code(204).send(null)
    },
  )

  app.get(
    '/api/brokers/manual/transactions',
    {
      schema: {
        operationId: 'listManualTransactions',
        summary: 'Manual closed trades, newest sale first',
        tags,
        querystring: M.TransactionQuery,
        response: { 200: M.TransactionList, ...problems(401, 404, 422) },
      },
    },
    (req) => manual.transactions(scopeOf(req), req.query),
  )

  app.post(
    '/api/brokers/manual/transactions',
    {
      schema: {
        operationId: 'createManualTransaction',
        summary: 'Record a closed trade (a realized gain or loss)',
        tags,
        body: M.CreateTransactionBody,
        response: { 201: M.TransactionSchema, ...problems(401, 404, 422) },
      },
    },
    async (req, reply) => reply.code(201).send(await manual.createTransaction(scopeOf(req), req.body)),
  )

  app.patch(
    '/api/brokers/manual/transactions/:transaction_id',
    {
      schema: {
        operationId: 'updateManualTransaction',
        summary: 'Edit a closed trade (gain_loss is recomputed unless given)',
        tags,
        params: M.TransactionParams,
        body: M.PatchTransactionBody,
        response: { 200: M.TransactionSchema, ...problems(401, 404, 422) },
      },
    },
    (req) => manual.patchTransaction(scopeOf(req), req.params.transaction_id, req.body),
  )

  app.delete(
    '/api/brokers/manual/transactions/:transaction_id',
    {
      schema: {
        operationId: 'deleteManualTransaction',
        summary: 'Soft-delete a closed trade',
        tags,
        params: M.TransactionParams,
        response: { 204: NoContent('Deleted'), ...problems(401, 404, 422) },
      },
    },
    async (req, reply) => {
      await manual.deleteTransaction(scopeOf(req), req.params.transaction_id)
      return reply.code(204).send(null)
    },
  )
}
