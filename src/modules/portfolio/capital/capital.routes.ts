/** Investors and capital flows (designed here; not among the required operations), and POST /api/analytics/xirr. */
import type { App } from '../../../platform/http/app-type.ts'
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import { problems } from '../../../platform/http/problem.ts'
import { NoContent } from '../../../platform/http/schemas.ts'
import { XIRR_DOC } from '../analytics/analytics.docs.ts'
import * as C from './capital.schemas.ts'
import type { CapitalService } from './capital.service.ts'

const tags = ['capital']

export function capitalRoutes(app: App, deps: { capital: CapitalService }): void {
  listInvestorsRoute(app, deps)
  createInvestorRoute(app, deps)
  updateInvestorRoute(app, deps)
  listCapitalFlowsRoute(app, deps)
  createCapitalFlowRoute(app, deps)
  updateCapitalFlowRoute(app, deps)
  deleteCapitalFlowRoute(app, deps)
  computeXirrRoute(app, deps)
}

function listInvestorsRoute(app: App, { capital }: { capital: CapitalService }): void {
  app.get(
    '/api/investors',
    {
      schema: {
        operationId: 'listInvestors',
        summary: 'Investors of the tenant, the owner first',
        description:
          'The people whose money the tenant manages (club members, partners). The account holder is an ' +
          'investor created automatically (is_owner=true) and comes first.',
        examples: {
          query: { page_size: 25 },
          200: {
            description: 'The investors',
            value: {
              items: [
                {
                  investor_id: 1,
                  name: 'Ada Lovelace',
                  email: 'ada@example.com',
                  is_owner: true,
                  created_at: '2026-11-24T15:02:11.000Z',
                },
                {
                  investor_id: 2,
                  name: 'Charles Babbage',
                  email: null,
                  is_owner: false,
                  created_at: '2026-11-24T15:30:00.000Z',
                },
              ],
              next_cursor: null,
              page: 1,
              page_size: 25,
            },
          },
        },
        tags,
        querystring: C.InvestorQuery,
        response: { 200: C.InvestorList, ...problems(401, 422) },
      },
    },
    (req) => capital.investors(scopeOf(req), req.query),
  )
}

function createInvestorRoute(app: App, { capital }: { capital: CapitalService }): void {
  app.post(
    '/api/investors',
    {
      schema: {
        operationId: 'createInvestor',
        summary: 'Add an investor (a club member, a partner)',
        description:
          'Adds an investor, with an optional e-mail (stored in lower case). Their money is recorded as capital flows.',
        examples: {
          body: { name: 'Charles Babbage', email: 'charles@example.com' },
          201: {
            description: 'The new investor',
            value: {
              investor_id: 2,
              name: 'Charles Babbage',
              email: 'charles@example.com',
              is_owner: false,
              created_at: '2026-11-24T15:30:00.000Z',
            },
          },
        },
        tags,
        body: C.CreateInvestorBody,
        response: { 201: C.InvestorSchema, ...problems(401, 422) },
      },
    },
    async (req, reply) => reply.code(201).send(await capital.addInvestor(scopeOf(req), req.body)),
  )
}

function updateInvestorRoute(app: App, { capital }: { capital: CapitalService }): void {
  app.patch(
    '/api/investors/:investor_id',
    {
      schema: {
        operationId: 'updateInvestor',
        summary: 'Rename an investor or change their e-mail',
        description:
          'Renames an investor or changes their e-mail (null clears it). 404 for an investor of another tenant.',
        examples: {
          params: { investor_id: 2 },
          body: { email: null },
          200: {
            description: 'The investor after the change',
            value: {
              investor_id: 2,
              name: 'Charles Babbage',
              email: null,
              is_owner: false,
              created_at: '2026-11-24T15:30:00.000Z',
            },
          },
        },
        tags,
        params: C.InvestorParams,
        body: C.PatchInvestorBody,
        response: { 200: C.InvestorSchema, ...problems(401, 404, 422) },
      },
    },
    (req) => capital.updateInvestor(scopeOf(req), req.params.investor_id, req.body),
  )
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
                  created_at: '2026-11-24T15:35:00.000Z',
                },
                {
                  flow_id: 5,
                  investor_id: 1,
                  account_id: 1,
                  date: '2025-06-02',
                  amount: -2500,
                  note: null,
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
          'Corrects the date, amount or note of a flow (null clears the note). 404 for an unknown flow.',
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
              created_at: '2026-11-24T15:40:00.000Z',
            },
          },
        },
        tags,
        params: C.FlowParams,
        body: C.PatchFlowBody,
        response: { 200: C.FlowSchema, ...problems(401, 404, 422) },
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
        description: 'Deletes a capital flow for good. 404 for an unknown flow.',
        examples: { params: { flow_id: 7 }, 204: { description: 'Deleted' } },
        tags,
        params: C.FlowParams,
        response: { 204: NoContent('Deleted'), ...problems(401, 404, 422) },
      },
    },
    async (req, reply) => {
      await capital.deleteFlow(scopeOf(req), req.params.flow_id)
      return reply.code(204).send(null)
    },
  )
}

function computeXirrRoute(app: App, { capital }: { capital: CapitalService }): void {
  app.post(
    '/api/analytics/xirr',
    {
      schema: {
        operationId: 'computeXirr',
        summary: 'Annualized rate of irregular cash flows (Newton–Raphson, actual/365)',
        description: XIRR_DOC,
        examples: {
          body: {
            cash_flows: [
              { date: '2025-01-02', amount: -10000 },
              { date: '2025-07-01', amount: -5000 },
              { date: '2026-01-02', amount: 16500 },
            ],
          },
          200: {
            description: 'The rate (0.1 = 10 % a year)',
            value: { xirr: 0.12035400796180347, converged: true, other_roots: [] },
          },
        },
        tags: ['analytics'],
        body: C.XirrBody,
        response: { 200: C.XirrResponse, ...problems(401, 422) },
      },
    },
    (req) => capital.xirr(req.body),
  )
}
