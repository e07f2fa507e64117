/** Committee run actions: promote, and the unlisted cancel and retry. */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { STATES_DOC } from './committee.docs.ts'
import { ACCEPTED, PROMOTED, RUN_ID, RUN_VIEW } from './committee.examples.ts'
import { Accepted, Promoted, RunParams, RunView } from './committee.schemas.ts'
import type { CommitteeRunsService } from './runs.service.ts'

const tags = ['trading-intel']
const BASE = '/api/trading-intel/committee/runs/:run_id'

export function runActionRoutes(app: App, { runs }: { runs: CommitteeRunsService }): void {
  app.post(
    `${BASE}/promote`,
    {
      schema: {
        operationId: 'promoteCommitteeRun',
        summary: "Record a completed run's decision as a recommendation",
        description:
          'Records the decision through the recommendations module: symbol, action, confidence = conviction, ' +
          'rationale, origin "committee", origin_ref = the run id, price_at = the last close used for sizing, ' +
          'evidence {weighted_score, method, size, coverage}. Idempotent: promoting again answers 200 with the ' +
          'same recommendation and created: false. 409 committee.run_not_completed unless the run is ' +
          "completed; another tenant's run → 404; a malformed run id → 422.",
        examples: { params: { run_id: RUN_ID }, 200: { description: 'The recommendation', value: PROMOTED } },
        tags,
        params: RunParams,
        response: { 200: Promoted, ...problems(401, 404, 409, 422) },
      },
    },
    (req) => runs.promote(scopeOf(req).tenantId, req.params.run_id),
  )
  app.post(
    `${BASE}/cancel`,
    {
      schema: {
        operationId: 'cancelCommitteeRun',
        summary: 'Cancel a queued or running committee run',
        description:
          `${STATES_DOC} Cancelling records a \`cancelled\` event {previous_status}; the job stops before its ` +
          'next analyst and records nothing more. 409 committee.run_not_cancellable for a completed, failed ' +
          "or cancelled run; another tenant's run → 404. Answers the run.",
        examples: {
          params: { run_id: RUN_ID },
          200: {
            description: 'The cancelled run',
            value: { ...RUN_VIEW, status: 'cancelled', decision: null, opinions: [] },
          },
        },
        tags,
        params: RunParams,
        response: { 200: RunView, ...problems(401, 404, 409, 422) },
      },
    },
    (req) => runs.cancel(scopeOf(req).tenantId, req.params.run_id),
  )
  app.post(
    `${BASE}/retry`,
    {
      schema: {
        operationId: 'retryCommitteeRun',
        summary: 'Run a failed or cancelled committee run again, as a new run',
        description:
          `${STATES_DOC} Answers 202 with the NEW run (retry_of = this run); the old run is unchanged. ` +
          "409 committee.run_not_retryable for a queued, running or completed run; another tenant's run → 404.",
        examples: {
          params: { run_id: RUN_ID },
          202: {
            description: 'The new run, queued',
            value: { ...ACCEPTED, run_id: '01KAZ4X0000000000000000000', retry_of: RUN_ID },
          },
        },
        tags,
        params: RunParams,
        response: { 202: Accepted, ...problems(401, 404, 409, 422) },
      },
    },
    async (req, reply) => reply.code(202).send(await runs.retry(scopeOf(req).tenantId, req.params.run_id)),
  )
}
