/** GET <runs>/:run_id/events: the poll of a run log's events, one route shape for every module that keeps one. */
import type { Static } from 'typebox'
import { scopeOf } from '../auth/authenticate.ts'
import type { App } from '../http/app-type.ts'
import { problems } from '../http/problem.ts'
import type { RunLog } from './run-log.ts'
import { RunEventsQuery, type RunEventList, type RunIdParams } from './run-log.schemas.ts'

export interface RunEventsRoute {
  /** The runs collection, e.g. `/api/trading-intel/committee/runs`. */
  base: string
  operationId: string
  summary: string
  description: string
  tags: string[]
  params: ReturnType<typeof RunIdParams>
  response: ReturnType<typeof RunEventList>
  /** An example run id and answer for the documentation. */
  example: { run_id: string; value: unknown }
  /** The module's poll (its service, delegating to RunLog.poll). */
  poll: (tenantId: number, runId: string, q: Static<typeof RunEventsQuery>) => ReturnType<RunLog['poll']>
}

export function runEventsRoute(app: App, r: RunEventsRoute): void {
  app.get(
    `${r.base}/:run_id/events`,
    {
      schema: {
        operationId: r.operationId,
        summary: r.summary,
        description: r.description,
        examples: {
          params: { run_id: r.example.run_id },
          query: { after: 0 },
          200: { description: 'The events', value: r.example.value },
        },
        tags: r.tags,
        params: r.params,
        querystring: RunEventsQuery,
        response: { 200: r.response, ...problems(401, 404, 422) },
      },
    },
    (req) => r.poll(scopeOf(req).tenantId, req.params.run_id, req.query),
  )
}
