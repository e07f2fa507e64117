/** /api/moderation: the content guard, the caller's actions and appeals. */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import type { AppealsService } from './appeals.service.ts'
import type { GuardService } from './guard.service.ts'
import { APPEAL_WINDOW_DAYS, DECIDE_WITHIN_DAYS } from './lib/policy.ts'
import { BLOCK_AT, FLAG_AT } from './lib/verdict.ts'
import * as X from './moderation.examples.ts'
import * as S from './moderation.schemas.ts'

const tags = ['moderation']
const BASE = '/api/moderation'

export function moderationRoutes(app: App, guard: GuardService, appeals: AppealsService): void {
  app.post(
    `${BASE}/guard`,
    {
      schema: {
        operationId: 'moderationGuard',
        summary: 'Check text before it is published',
        description:
          'Rules for a finance community (pump_and_dump, guaranteed_returns, impersonation, ' +
          'off_platform_solicitation, harassment) plus, when configured, an OpenAI-compatible classifier ' +
          '(harassment, hate, self_harm, sexual, violence, illicit). Scores are in [0, 1]; several signals of a ' +
          `category combine as 1 − Π(1 − s). \`block\` when a category scores ≥ ${BLOCK_AT} (every category but ` +
          `self_harm, which only flags); \`flag\` when any scores ≥ ${FLAG_AT}; else \`allow\`. A block records an ` +
          'action against you (`action_id`, its statement of reasons in GET /api/moderation/actions). ' +
          '`sources` says what judged: `["rules"]` or `["rules", "openai"]`; a failing classifier makes it ' +
          '`degraded: true` with `classifier: "unavailable"`, never an error. `content` 1–20,000 characters.',
        examples: {
          body: { content: 'guaranteed 10x on $XYZ', context: { surface: 'community.post', reference: 'post-7731' } },
          200: { description: 'Blocked', value: X.GUARD_BLOCK_EXAMPLE },
        },
        tags,
        body: S.GuardInput,
        response: { 200: S.GuardResult, ...problems(401, 422) },
      },
    },
    (req) => guard.check(scopeOf(req), req.body),
  )
  app.get(
    `${BASE}/actions`,
    {
      schema: {
        operationId: 'listModerationActions',
        summary: 'Moderation actions taken against you',
        description:
          'Newest first, each with its statement of reasons (what was done, the categories and rules, that it ' +
          'was automated) and how to appeal, `appealable_until` ' +
          `(${APPEAL_WINDOW_DAYS} days after the action) and its appeal if any. \`limit\` at most 100 (default 50).`,
        examples: { query: { limit: 20 }, 200: { description: 'Your actions', value: { items: [X.ACTION_EXAMPLE] } } },
        tags,
        querystring: S.ListQuery,
        response: { 200: S.ActionList, ...problems(401, 422) },
      },
    },
    (req) => appeals.actions(scopeOf(req), req.query.limit),
  )
  appealRoutes(app, appeals)
}

function appealRoutes(app: App, appeals: AppealsService): void {
  app.post(
    `${BASE}/actions/:action_id/appeal`,
    {
      schema: {
        operationId: 'appealModerationAction',
        summary: 'Appeal an action taken against you',
        description:
          `\`reason\` 1–${S.REASON_MAX} characters. One appeal per action: while it is open → 409 ` +
          '`moderation.appeal_open`; once decided → 409 `moderation.appeal_decided`. Open for ' +
          `${APPEAL_WINDOW_DAYS} days after the action (then 409 \`moderation.appeal_window_closed\`). A person ` +
          `decides, with a stated reason, by \`decide_by\` (${DECIDE_WITHIN_DAYS} days). Another user’s action → 404.`,
        examples: {
          params: { action_id: 91 },
          body: { reason: X.APPEAL_EXAMPLE.reason },
          201: { description: 'Filed', value: X.APPEAL_EXAMPLE },
        },
        tags,
        params: S.ActionParams,
        body: S.AppealInput,
        response: { 201: S.Appeal, ...problems(401, 404, 409, 422) },
      },
    },
    async (req, reply) => {
      const out = await appeals.appeal(scopeOf(req), req.params.action_id, req.body.reason)
      return reply.code(201).send(out)
    },
  )
  app.get(
    `${BASE}/appeals`,
    {
      schema: {
        operationId: 'listModerationAppeals',
        summary: 'Your appeals, with their status and the reviewer’s reason',
        description:
          'Newest first: `open` (waiting for a person, by `decide_by`), `upheld` (the action stands) or ' +
          '`reversed` (lifted), with `reviewer_reason` once decided. `limit` at most 100 (default 50).',
        examples: { query: { limit: 20 }, 200: { description: 'Your appeals', value: { items: [X.APPEAL_EXAMPLE] } } },
        tags,
        querystring: S.ListQuery,
        response: { 200: S.AppealList, ...problems(401, 422) },
      },
    },
    (req) => appeals.appeals(scopeOf(req), req.query.limit),
  )
}
