/** The investors of the tenant: the people whose money it manages (their money: capital flows). */
import type { App } from '../../../platform/http/app-type.ts'
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import { problems } from '../../../platform/http/problem.ts'
import * as C from './capital.schemas.ts'
import type { CapitalService } from './capital.service.ts'

const tags = ['capital']

export function investorsRoutes(app: App, deps: { capital: CapitalService }): void {
  listInvestorsRoute(app, deps)
  createInvestorRoute(app, deps)
  updateInvestorRoute(app, deps)
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
