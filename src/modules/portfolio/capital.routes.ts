/** Investors and capital flows (designed here; not shown in the spec), and POST /api/analytics/xirr. */
import type { App } from '../../app/types.ts'
import { scopeOf } from '../../platform/auth/authenticate.ts'
import { problems } from '../../platform/http/problem.ts'
import { NoContent } from '../../platform/http/schemas.ts'
import * as C from './capital.schemas.ts'
import type { CapitalService } from './capital.service.ts'

export function capitalRoutes(app: App, { capital }: { capital: CapitalService }): void {
  const tags = ['capital']
  app.get(
    '/api/investors',
    {
      schema: {
        operationId: 'listInvestors',
        summary: 'Investors of the tenant, the owner first',
        tags,
        querystring: C.InvestorQuery,
        response: { 200: C.InvestorList, ...problems(401, 422) },
      },
    },
    (req) => capital.investors(scopeOf(req), req.query),
  )

  app.post(
    '/api/investors',
    {
      schema: {
        operationId: 'createInvestor',
        summary: 'Add an investor (a club member, a partner)',
        tags,
        body: C.CreateInvestorBody,
        response: { 201: C.InvestorSchema, ...problems(401, 422) },
      },
    },
    async (req, reply) => reply.code(201).send(await capital.addInvestor(scopeOf(req), req.body)),
  )

  app.patch(
    '/api/investors/:investor_id',
    {
      schema: {
        operationId: 'updateInvestor',
        summary: 'Rename an investor or change their e-mail',
        tags,
        params: C.InvestorParams,
        body: C.PatchInvestorBody,
        response: { 200: C.InvestorSchema, ...problems(401, 404, 422) },
      },
    },
    (req) => capital.updateInvestor(scopeOf(req), req.params.investor_id, req.body),
  )

  app.get(
    '/api/capital-flows',
    {
      schema: {
        operationId: 'listCapitalFlows',
        summary: 'Contributions (+) and withdrawals (−) by date, with their sum',
        tags,
        querystring: C.FlowQuery,
        response: { 200: C.FlowList, ...problems(401, 404, 422) },
      },
    },
    (req) => capital.flows(scopeOf(req), req.query),
  )

  app.post(
    '/api/capital-flows',
    {
      schema: {
        operationId: 'createCapitalFlow',
        summary: 'Record a contribution or withdrawal',
        tags,
        body: C.CreateFlowBody,
        response: { 201: C.FlowSchema, ...problems(401, 422) },
      },
    },
    async (req, reply) => reply.code(201).send(await capital.addFlow(scopeOf(req), req.body)),
  )

  app.patch(
    '/api/capital-flows/:flow_id',
    {
      schema: {
        operationId: 'updateCapitalFlow',
        summary: 'Correct a capital flow',
        tags,
        params: C.FlowParams,
        body: C.PatchFlowBody,
        response: { 200: C.FlowSchema, ...problems(401, 404, 422) },
      },
    },
    (req) => capital.updateFlow(scopeOf(req), req.params.flow_id, req.body),
  )

  app.delete(
    '/api/capital-flows/:flow_id',
    {
      schema: {
        operationId: 'deleteCapitalFlow',
        summary: 'Delete a capital flow',
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

  app.post(
    '/api/analytics/xirr',
    {
      schema: {
        operationId: 'computeXirr',
        summary: 'Annualized rate of irregular cash flows (Newton–Raphson, actual/365)',
        tags: ['analytics'],
        body: C.XirrBody,
        response: { 200: C.XirrResponse, ...problems(401, 422) },
      },
    },
    (req) => capital.xirr(req.body),
  )
}
