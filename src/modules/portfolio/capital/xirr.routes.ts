/**
 * POST /api/analytics/xirr: the annualized rate of a list of dated cash flows, computed and not stored.
 * Under the analytics tag; it lives with capital flows, whose service computes it (lib/xirr.ts).
 */
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import * as C from './capital.schemas.ts'
import type { CapitalService } from './capital.service.ts'
import { XIRR_SCAN } from './lib/xirr-roots.ts'

const XIRR_DOC =
  'The annualized internal rate of return of dated cash flows (negative = money invested, positive = money ' +
  'received): a rate r with Σ amount_i / (1 + r)^(days_i / 365) = 0, days_i counted from the earliest date; ' +
  'nothing is stored. Newton–Raphson from `guess` (default 0.1), then from −0.5, 0, 0.5, 1, 5 and −0.9 in ' +
  'that order: xirr is the first root reached, as spreadsheets answer, and null (converged=false) when none ' +
  'is. Flows whose signs change more than once can have several roots; other_roots lists, ascending, every ' +
  `other rate where the sum crosses zero found by a scan of 1 + r from ${XIRR_SCAN.minGrowth} to ` +
  `${XIRR_SCAN.maxGrowth} (a step of ${XIRR_SCAN.step * 100} % in ln(1 + r)); it is empty when the root is ` +
  'unique, which one sign change guarantees. Fewer than two flows or flows all of one sign answer 422.'

export function xirrRoutes(app: App, deps: { capital: CapitalService }): void {
  computeXirrRoute(app, deps)
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
