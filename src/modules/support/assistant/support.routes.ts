/** Feedback, disclosure and quota of /api/support/ai, and the admin review of training candidates. */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import { effectiveTenant } from '../../../platform/auth/scope.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import * as X from './assistant.examples.ts'
import * as S from './assistant.schemas.ts'
import { DISCLOSURE, NEGATIVE_RATING_MAX } from './feedback.service.ts'
import type { Assistant } from './index.ts'

const tags = ['support']
const BASE = '/api/support/ai'

export function supportRoutes(app: App, api: Assistant): void {
  app.post(
    `${BASE}/conversations/:conversation_id/feedback`,
    {
      schema: {
        operationId: 'sendSupportFeedback',
        summary: 'Rate the assistant’s answer',
        description:
          'At least one of `helpful`, `rating` (1–5) or `comment` (else 422 `support.feedback_empty`); ' +
          '`message_id` names the assistant turn (default: the latest). Negative feedback — `helpful: false` ' +
          `or a rating of ${NEGATIVE_RATING_MAX} or less — also queues a training candidate ` +
          '(`candidate_type: negative_feedback`, `status: queued`) holding the comment and the exchange with ' +
          'e-mail addresses, phone numbers, card numbers (Luhn-checked), IBANs (mod-97-checked) and account ' +
          'numbers replaced by placeholders; its id is `training_candidate_id` (null otherwise). An answer ' +
          'still being written (`in_progress`) takes no feedback yet → 409 `support.answer_in_progress`. ' +
          'Another user’s conversation → 404.',
        examples: {
          params: { conversation_id: 41 },
          body: { helpful: false, rating: 2, comment: 'That is not what my screen shows' },
          200: { description: 'Recorded', value: { feedback_id: 17, training_candidate_id: 9 } },
        },
        tags,
        params: S.ConversationParams,
        body: S.FeedbackBody,
        response: { 200: S.FeedbackOut, ...problems(401, 404, 409, 422) },
      },
    },
    (req) => api.feedback.give(scopeOf(req), req.params.conversation_id, req.body),
  )
  disclosureRoutes(app, api)
  candidateRoutes(app, api)
}

function disclosureRoutes(app: App, api: Assistant): void {
  app.post(
    `${BASE}/disclosure/accept`,
    {
      schema: {
        operationId: 'acceptSupportDisclosure',
        summary: 'Accept the assistant’s disclosure',
        description:
          'The version must be the current one (else 422 `support.disclosure_version`). Accepting it again ' +
          'is harmless and moves `accepted_at` forward.',
        examples: {
          body: { version: DISCLOSURE.version },
          200: { description: 'Accepted', value: { version: DISCLOSURE.version, accepted_at: X.AT } },
        },
        tags,
        body: S.AcceptBody,
        response: { 200: S.Accepted, ...problems(401, 422) },
      },
    },
    (req) => api.feedback.accept(scopeOf(req), req.body.version),
  )
  app.get(
    `${BASE}/disclosure/status`,
    {
      schema: {
        operationId: 'getSupportDisclosureStatus',
        summary: 'Whether you accepted the current disclosure, and its text',
        description: '`accepted` is true when the current version is the one you accepted last.',
        examples: {
          200: {
            description: 'Status',
            value: {
              current_version: DISCLOSURE.version,
              accepted: false,
              accepted_version: null,
              accepted_at: null,
              text: DISCLOSURE.text,
            },
          },
        },
        tags,
        response: { 200: S.DisclosureStatus, ...problems(401) },
      },
    },
    (req) => api.feedback.status(scopeOf(req)),
  )
  app.get(
    `${BASE}/quota`,
    {
      schema: {
        operationId: 'getSupportQuota',
        summary: 'Your tenant’s assistant quota today',
        description:
          'Messages your tenant sent today (`used` of `limit`, UTC day, `resets_at` the next midnight UTC), ' +
          'model tokens used of the daily cap, and the per-user limit per minute; all set by the plan.',
        examples: { 200: { description: 'Quota', value: X.QUOTA } },
        tags,
        response: { 200: S.QuotaOut, ...problems(401) },
      },
    },
    (req) => api.quota.view(scopeOf(req)),
  )
}

const ADMIN = 'Administrators only (403 otherwise); `tenant_id` names another tenant (default: your own).'

function candidateRoutes(app: App, api: Assistant): void {
  app.get(
    '/api/admin/support/training-candidates',
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'adminListSupportTrainingCandidates',
        summary: 'Training candidates from negative feedback (administrators)',
        description: `Newest first; \`status\` filters (queued, approved, rejected). Texts are PII-redacted. ${ADMIN}`,
        examples: {
          query: { status: 'queued', limit: 20 },
          200: { description: 'Candidates', value: { items: [X.CANDIDATE] } },
        },
        tags: ['admin'],
        querystring: S.CandidateQuery,
        response: { 200: S.CandidateList, ...problems(401, 403, 422) },
      },
    },
    (req) =>
      api.feedback.candidates(
        effectiveTenant(scopeOf(req), req.query.tenant_id),
        req.query.status,
        req.query.limit ?? 50,
      ),
  )
  for (const decision of ['approve', 'reject'] as const) {
    const status = decision === 'approve' ? 'approved' : 'rejected'
    app.post(
      `/api/admin/support/training-candidates/:candidate_id/${decision}`,
      {
        config: { auth: 'admin' },
        schema: {
          operationId: `admin${decision === 'approve' ? 'Approve' : 'Reject'}SupportTrainingCandidate`,
          summary: `${decision === 'approve' ? 'Approve' : 'Reject'} a training candidate (administrators)`,
          description: `A queued candidate becomes ${status}, with your note; one already decided → 409 \`support.candidate_decided\`; unknown → 404. ${ADMIN}`,
          examples: {
            params: { candidate_id: 9 },
            body: { note: 'Answer was outdated; article fixed' },
            200: {
              description: status,
              value: {
                ...X.CANDIDATE,
                status,
                reviewer_id: 1,
                review_note: 'Answer was outdated; article fixed',
                reviewed_at: X.LATER,
              },
            },
          },
          tags: ['admin'],
          params: S.CandidateParams,
          querystring: S.TenantQuery,
          body: S.ReviewBody,
          response: { 200: S.Candidate, ...problems(401, 403, 404, 409, 422) },
        },
      },
      (req) => {
        const scope = scopeOf(req)
        return api.feedback.review(
          effectiveTenant(scope, req.query.tenant_id),
          scope.userId,
          req.params.candidate_id,
          status,
          req.body?.note,
        )
      },
    )
  }
}
