/** Committee runs: create, list, get and events. */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { runEventsRoute } from '../../../platform/run-log/run-events.routes.ts'
import { EVENTS_PAGE_MAX } from '../../../platform/run-log/run-log.ts'
import { ANALYSTS_DOC, DECISION_DOC, EVENTS_DOC, STATES_DOC } from './committee.docs.ts'
import { ACCEPTED, EVENTS, RUN_ID, RUN_PAGE, RUN_VIEW } from './committee.examples.ts'
import {
  Accepted,
  CreateRunBody,
  EventList,
  ListQuery,
  RunPage,
  RunParams,
  RunView,
} from './committee.schemas.ts'
import type { CommitteeRunsService } from './runs.service.ts'

const tags = ['trading-intel']
const BASE = '/api/trading-intel/committee/runs'
type Deps = { runs: CommitteeRunsService }

export function runRoutes(app: App, deps: Deps): void {
  createRoute(app, deps)
  app.get(
    BASE,
    {
      schema: {
        operationId: 'listCommitteeRuns',
        summary: "The tenant's committee runs, newest first",
        description:
          "Runs newest first (created_at, then run id), optionally of one symbol, with the decision's action " +
          'and conviction once completed. Paged: page_size 25/50/100 or legacy limit ≤ 100 (default 25), ' +
          'cursor from next_cursor.',
        examples: {
          query: { symbol: 'AAPL', limit: 25 },
          200: { description: 'A page of runs', value: RUN_PAGE },
        },
        tags,
        querystring: ListQuery,
        response: { 200: RunPage, ...problems(401, 422) },
      },
    },
    (req) => deps.runs.list(scopeOf(req).tenantId, req.query),
  )
  app.get(
    `${BASE}/:run_id`,
    {
      schema: {
        operationId: 'getCommitteeRun',
        summary: 'One committee run: status, opinions so far, decision, timestamps',
        description:
          `${STATES_DOC} opinions: the analyst_opinion events recorded so far (in order); decision: null until ` +
          `completed; error: {code, detail} when failed. ${DECISION_DOC} Another tenant's run → 404 ` +
          '(committee.run_not_found); a malformed run id → 422.',
        examples: { params: { run_id: RUN_ID }, 200: { description: 'A completed run', value: RUN_VIEW } },
        tags,
        params: RunParams,
        response: { 200: RunView, ...problems(401, 404, 422) },
      },
    },
    (req) => deps.runs.get(scopeOf(req).tenantId, req.params.run_id),
  )
  runEventsRoute(app, {
    base: BASE,
    operationId: 'listCommitteeRunEvents',
    summary: "A committee run's events in order, for polling",
    description:
      `${EVENTS_DOC} Only events with seq > after (default 0), at most limit (default and max ${EVENTS_PAGE_MAX}); ` +
      "poll again with after = next_after until the status is terminal. Another tenant's run → 404.",
    tags,
    params: RunParams,
    response: EventList,
    example: { run_id: RUN_ID, value: EVENTS },
    poll: (tenantId, runId, q) => deps.runs.events(tenantId, runId, q),
  })
}

function createRoute(app: App, deps: Deps): void {
  app.post(
    BASE,
    {
      schema: {
        operationId: 'createCommitteeRun',
        summary: 'Convene the investment committee on a symbol (asynchronous)',
        description:
          'Creates a queued run with a snapshot of the configuration and enqueues the `committee.run` job ' +
          '(idempotency key per run); answers 202 {run_id, status}. Poll GET …/runs/{run_id} or its events. ' +
          'account_id sizes against that account (default: every account of the tenant). 422 for a symbol the ' +
          `market data does not list; 404 accounts.not_found for an account that is not the tenant's; 502 ` +
          '`upstream.<kind>` when the symbol lookup itself fails (nothing is created). ' +
          `${ANALYSTS_DOC} ${DECISION_DOC}`,
        examples: { body: { symbol: 'AAPL' }, 202: { description: 'The run, queued', value: ACCEPTED } },
        tags,
        body: CreateRunBody,
        response: { 202: Accepted, ...problems(401, 404, 422, 502) },
      },
    },
    async (req, reply) => reply.code(202).send(await deps.runs.create(scopeOf(req), req.body)),
  )
}
