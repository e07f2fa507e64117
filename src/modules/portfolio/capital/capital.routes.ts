/**
 * The capital routes: investors (investors.routes.ts), capital flows, and POST /api/analytics/xirr
 * (xirr.routes.ts), in their OpenAPI order. Designed here; not among the required operations.
 */
import type { App } from '../../../platform/http/app-type.ts'
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import { problems } from '../../../platform/http/problem.ts'
import { NoContent } from '../../../platform/http/schemas.ts'
import * as C from './capital.schemas.ts'
import type { CapitalService } from './capital.service.ts'
import { investorsRoutes } from './investors.routes.ts'
import { xirrRoutes } from './xirr.routes.ts'

const tags = ['capital']

export function capitalRoutes(app: App, deps: { capital: CapitalService }): void {
  investorsRoutes(app, deps)
  listCapitalFlowsRoute(app, deps)
  createCapitalFlowRoute(app, deps)
  updateCapitalFlowRoute(app, deps)
  deleteCapitalFlowRoute(app, deps)
  xirrRoutes(app, deps)
}

function listCapitalFlowsRoute(app: App, { capital }: { capital: CapitalService }): void {
  app.get(
    '/api/capital-flows',
    {
      schema: {
        operationId: 'listCapitalFlows',
        summary: 'Contributions (+) and withdrawals (−) by date, with their sum',
        description:
          'Money in (+) and out (−) by date, optionally of one investor or one account, with net_capital, their ' +
          "sum to the cent. 404 when investor_id or account_id is not the tenant's.",
        examples: {
          query: { investor_id: 1 },
          200: {
            description: 'The flows and their sum',
            value: {
              items: [
                {
                  flow_id: 1,
                  investor_id: 1,
                  account_id: 1,
                  date: '2023-01-03',
                  amount: 60000,
                  note: 'Initial contribution',
                  kind: 'manual',
                  activity_id: null,
                  currency: 'USD',
                  created_at: '2026-11-24T15:35:00.000Z',
                },
                {
                  flow_id: 5,
                  investor_id: 1,
                  account_id: 1,
                  date: '2025-06-02',
                  amount: -2500,
                  note: null,
                  kind: 'manual',
                  activity_id: null,
                  currency: 'USD',
                  created_at: '2026-11-24T15:36:00.000Z',
                },
              ],
              next_cursor: null,
              page: 1,
              page_size: 25,
              net_capital: 57500,
            },
          },
        },
        tags,
        querystring: C.FlowQuery,
        response: { 200: C.FlowList, ...problems(401, 404, 422) },
      },
    },
    (req) => capital.flows(scopeOf(req), req.query),
  )
}

function createCapitalFlowRoute(app: App, { capital }: { capital: CapitalService }): void {
  app.post(
    '/api/capital-flows',
    {
      schema: {
        operationId: 'createCapitalFlow',
        summary: 'Record a contribution or withdrawal',
        description:
          'Records a contribution (positive amount) or a withdrawal (negative) of an investor, optionally tied ' +
          'to an account. An amount of 0, an unknown investor_id or account_id answer 422. Flows feed ' +
          'net_capital, AUM and the investor allocation.',
        examples: {
          body: { investor_id: 2, account_id: 1, date: '2026-11-24', amount: 5000, note: 'Q4 contribution' },
          201: {
            description: 'The recorded flow',
            value: {
              flow_id: 7,
              investor_id: 2,
              account_id: 1,
              date: '2026-11-24',
              amount: 5000,
              note: 'Q4 contribution',
              kind: 'manual',
              activity_id: null,
              currency: 'USD',
              created_at: '2026-11-24T15:40:00.000Z',
            },
          },
        },
        tags,
        body: C.CreateFlowBody,
        response: { 201: C.FlowSchema, ...problems(401, 422) },
      },
    },
    async (req, reply) => reply.code(201).send(await capital.addFlow(scopeOf(req), req.body)),
  )
}

function updateCapitalFlowRoute(app: App, { capital }: { capital: CapitalService }): void {
  app.patch(
    '/api/capital-flows/:flow_id',
    {
      schema: {
        operationId: 'updateCapitalFlow',
        summary: 'Correct a capital flow',
        description:
          'Corrects the investor, date, amount or note of a flow (null clears the note). A flow of kind ' +
          "`activity` (made by a DEPOSIT, WITHDRAWAL or TRANSFER of an account's activity ledger) or " +
          "`opening_balance` (a broker connection's first cash) may only be re-attributed to another investor " +
          '(investor_id) or annotated: a change of its amount or date answers 409 `capital_flows.activity_owned` ' +
          '(edit the activity instead, PATCH /api/activities/{activity_id}). An unknown investor_id is a 422; ' +
          '404 for an unknown flow.',
        examples: {
          params: { flow_id: 7 },
          body: { amount: 4500 },
          200: {
            description: 'The flow after the change',
            value: {
              flow_id: 7,
              investor_id: 2,
              account_id: 1,
              date: '2026-11-24',
              amount: 4500,
              note: 'Q4 contribution',
              kind: 'manual',
              activity_id: null,
              currency: 'USD',
              created_at: '2026-11-24T15:40:00.000Z',
            },
          },
        },
        tags,
        params: C.FlowParams,
        body: C.PatchFlowBody,
        response: { 200: C.FlowSchema, ...problems(401, 404, 409, 422) },
      },
    },
    (req) => capital.updateFlow(scopeOf(req), req.params.flow_id, req.body),
  )
}

function deleteCapitalFlowRoute(app: App, { capital }: { capital: CapitalService }): void {
  app.delete(
    '/api/capital-flows/:flow_id',
    {
      schema: {
        operationId: 'deleteCapitalFlow',
        summary: 'Delete a capital flow',
        description:
          'Deletes a manual capital flow for good. A flow an activity or an opening balance made answers 409 ' +
          '`capital_flows.activity_owned`: it goes with its activity (DELETE /api/activities/{activity_id}). ' +
          '404 for an unknown flow.',
        examples: { params: { flow_id: 7 }, 204: { description: 'Deleted' } },
        tags,
        params: C.FlowParams,
        response: { 204: NoContent('Deleted'), ...problems(401, 404, 409, 422) },
      },
    },
    async (req, reply) => {
      await capital.deleteFlow(scopeOf(req), req.params.flow_id)
      return reply.code(204).send(null)
    },
  )
}
