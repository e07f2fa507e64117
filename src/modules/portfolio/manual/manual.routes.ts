/** The manual part of the broker routes: manual positions and transactions. */
import type { App } from '../../../platform/http/app-type.ts'
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import { problems } from '../../../platform/http/problem.ts'
import { NoContent } from '../../../platform/http/schemas.ts'
import * as M from './manual.schemas.ts'
import type { ManualService } from './manual.service.ts'
import { POSITION, TRADE } from '../portfolio.examples.ts'

const manualTags = ['manual holdings']

/** How a holding's snapshot is priced when it is written, in a sentence. */
const PRICED_AT_WRITE =
  'A holding dated before today is priced at once at the last daily close on or before its date, so ' +
  'unrealized P&L and AUM move without a market refresh; one dated today, or a symbol without a close, is ' +
  'valued at its cost until the next market refresh.'

export function manualRoutes(app: App, deps: { manual: ManualService }): void {
  listManualPositionsRoute(app, deps)
  putManualPositionRoute(app, deps)
  updateManualPositionRoute(app, deps)
  deleteManualPositionRoute(app, deps)
  listManualTransactionsRoute(app, deps)
  createManualTransactionRoute(app, deps)
  updateManualTransactionRoute(app, deps)
  deleteManualTransactionRoute(app, deps)
}

function listManualPositionsRoute(app: App, { manual }: { manual: ManualService }): void {
  app.get(
    '/api/brokers/manual/positions',
    {
      schema: {
        operationId: 'listManualPositions',
        summary: 'Latest manual holdings (one per account and symbol)',
        description:
          "The latest holding of each symbol in the tenant's manual accounts (or in one account), as of the " +
          "most recent day recorded. 404 when account_id is not one of the tenant's accounts.",
        examples: {
          query: { account_id: 1 },
          200: {
            description: 'The holdings',
            value: { items: [POSITION], next_cursor: null, page: 1, page_size: 25 },
          },
        },
        tags: manualTags,
        querystring: M.PositionQuery,
        response: { 200: M.PositionList, ...problems(401, 404, 422) },
      },
    },
    (req) => manual.positions(scopeOf(req), req.query),
  )
}

function putManualPositionRoute(app: App, { manual }: { manual: ManualService }): void {
  app.post(
    '/api/brokers/manual/positions',
    {
      schema: {
        operationId: 'putManualPosition',
        summary: 'Create or replace the holding of a symbol for a day (default: today, New York)',
        description:
          'Records the holding of one symbol in a manual account for a day (as_of, default today in New York): ' +
          'quantity and total cost. A holding already recorded for that symbol and day is replaced. 404 for an ' +
          "account that is not the tenant's; 422 for a broker-connected account (those sync from the broker); 409 " +
          '`positions.kept_by_activities` when the account holds the symbol through its activities (BUY, SELL, ' +
          'SPLIT, transfers): record an activity instead. ' +
          PRICED_AT_WRITE,
        examples: {
          body: { account_id: 1, symbol: 'MSFT', quantity: 60, cost_basis: 19800, as_of: '2026-11-24' },
          201: { description: 'The recorded holding', value: POSITION },
        },
        tags: manualTags,
        body: M.CreatePositionBody,
        response: { 201: M.PositionSchema, ...problems(401, 404, 409, 422) },
      },
    },
    async (req, reply) => reply.code(201).send(await manual.putPosition(scopeOf(req), req.body)),
  )
}

function updateManualPositionRoute(app: App, { manual }: { manual: ManualService }): void {
  app.patch(
    '/api/brokers/manual/positions/:position_id',
    {
      schema: {
        operationId: 'updateManualPosition',
        summary: 'Edit a manual holding',
        description:
          'Changes the quantity, the cost or the day of a manual holding. Moving it onto a day that already ' +
          'has a holding of the same symbol answers 409 `positions.day_taken` (edit that one instead). 404 ' +
          'for an unknown or deleted holding. ' +
          PRICED_AT_WRITE,
        examples: {
          params: { position_id: 9 },
          body: { quantity: 75, cost_basis: 24850.5 },
          200: {
            description: 'The holding after the change',
            value: { ...POSITION, quantity: 75, cost_basis: 24850.5, updated_at: '2026-11-24T16:30:00.000Z' },
          },
        },
        tags: manualTags,
        params: M.PositionParams,
        body: M.PatchPositionBody,
        response: { 200: M.PositionSchema, ...problems(401, 404, 409, 422) },
      },
    },
    (req) => manual.patchPosition(scopeOf(req), req.params.position_id, req.body),
  )
}

function deleteManualPositionRoute(app: App, { manual }: { manual: ManualService }): void {
  app.delete(
    '/api/brokers/manual/positions/:position_id',
    {
      schema: {
        operationId: 'deleteManualPosition',
        summary: 'Soft-delete a manual holding',
        description:
          "Deletes a manual holding (a soft delete: it leaves lists and analytics, including its day's " +
          'snapshot). 404 for an unknown or already deleted holding.',
        examples: { params: { position_id: 9 }, 204: { description: 'Deleted' } },
        tags: manualTags,
        params: M.PositionParams,
        response: { 204: NoContent('Deleted'), ...problems(401, 404, 422) },
      },
    },
    async (req, reply) => {
      await manual.deletePosition(scopeOf(req), req.params.position_id)
      return reply.code(204).send(null)
    },
  )
}

function listManualTransactionsRoute(app: App, { manual }: { manual: ManualService }): void {
  app.get(
    '/api/brokers/manual/transactions',
    {
      schema: {
        operationId: 'listManualTransactions',
        summary: 'Manual closed trades, newest sale first',
        description:
          "Closed trades (realized gains and losses) of the tenant's manual accounts, newest sale first; " +
          "optionally of one account and of one tax year (of date_sold). 404 when account_id is not the tenant's.",
        examples: {
          query: { account_id: 1, year: 2025 },
          200: {
            description: 'The closed trades',
            value: { items: [TRADE], next_cursor: null, page: 1, page_size: 25 },
          },
        },
        tags: manualTags,
        querystring: M.TransactionQuery,
        response: { 200: M.TransactionList, ...problems(401, 404, 422) },
      },
    },
    (req) => manual.transactions(scopeOf(req), req.query),
  )
}

function createManualTransactionRoute(app: App, { manual }: { manual: ManualService }): void {
  app.post(
    '/api/brokers/manual/transactions',
    {
      schema: {
        operationId: 'createManualTransaction',
        summary: 'Record a closed trade (a realized gain or loss)',
        description:
          'Records a closed trade in a manual account. gain_loss defaults to proceeds − cost_basis − fees ' +
          '(fees default to 0); term is long when held more than a year, unknown when date_acquired is VARIOUS ' +
          'or date_sold is not a YYYY-MM-DD date (such trades are kept but left out of date-based analytics). ' +
          "404 for an account that is not the tenant's; 422 for a broker-connected one.",
        examples: {
          body: {
            account_id: 1,
            symbol: 'NVDA',
            quantity: 11,
            date_acquired: '2025-07-07',
            date_sold: '2025-12-26',
            proceeds: 2895.31,
            cost_basis: 2711.1,
            fees: 1,
          },
          201: { description: 'The recorded trade', value: TRADE },
        },
        tags: manualTags,
        body: M.CreateTransactionBody,
        response: { 201: M.TransactionSchema, ...problems(401, 404, 422) },
      },
    },
    async (req, reply) => reply.code(201).send(await manual.createTransaction(scopeOf(req), req.body)),
  )
}

function updateManualTransactionRoute(app: App, { manual }: { manual: ManualService }): void {
  app.patch(
    '/api/brokers/manual/transactions/:transaction_id',
    {
      schema: {
        operationId: 'updateManualTransaction',
        summary: 'Edit a closed trade (gain_loss is recomputed unless given)',
        description:
          'Corrects a closed trade. gain_loss is recomputed from proceeds, cost_basis and fees when one of them ' +
          'changes, unless the body sets it; term follows the dates. 404 for an unknown or deleted trade; 422 ' +
          "(not_manual) for a broker account's trade, which its fills determine at every sync; 409 " +
          "`transactions.activity_derived` for a trade derived from the account's activities (edit those).",
        examples: {
          params: { transaction_id: 459 },
          body: { proceeds: 2920.15, fees: 0.5 },
          200: {
            description: 'The trade after the change',
            value: {
              ...TRADE,
              proceeds: 2920.15,
              fees: 0.5,
              gain_loss: 208.55,
              updated_at: '2026-11-24T16:40:00.000Z',
            },
          },
        },
        tags: manualTags,
        params: M.TransactionParams,
        body: M.PatchTransactionBody,
        response: { 200: M.TransactionSchema, ...problems(401, 404, 409, 422) },
      },
    },
    (req) => manual.patchTransaction(scopeOf(req), req.params.transaction_id, req.body),
  )
}

function deleteManualTransactionRoute(app: App, { manual }: { manual: ManualService }): void {
  app.delete(
    '/api/brokers/manual/transactions/:transaction_id',
    {
      schema: {
        operationId: 'deleteManualTransaction',
        summary: 'Soft-delete a closed trade',
        description:
          'Deletes a closed trade (a soft delete: it leaves lists and every P&L figure). 404 for an unknown or ' +
          "already deleted trade; 422 (not_manual) for a broker account's trade; 409 " +
          "`transactions.activity_derived` for one derived from the account's activities.",
        examples: { params: { transaction_id: 459 }, 204: { description: 'Deleted' } },
        tags: manualTags,
        params: M.TransactionParams,
        response: { 204: NoContent('Deleted'), ...problems(401, 404, 409, 422) },
      },
    },
    async (req, reply) => {
      await manual.deleteTransaction(scopeOf(req), req.params.transaction_id)
      return reply.code(204).send(null)
    },
  )
}
