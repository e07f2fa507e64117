/** /api/bot-controls/approvals: the queue of agent orders held above the approval threshold. */
import { scopeOf } from '../../../../platform/auth/authenticate.ts'
import { effectiveTenant } from '../../../../platform/auth/scope.ts'
import type { App } from '../../../../platform/http/app-type.ts'
import { problems } from '../../../../platform/http/problem.ts'
import { tenantFirst } from '../agents/agents.routes.ts'
import { MARKET_BAND_PCT } from '../lib/approval-band.ts'
import * as X from './approvals.examples.ts'
import * as S from './approvals.schemas.ts'
import { APPROVAL_TTL_MINUTES, type ApprovalsService } from './approvals.service.ts'

const tags = ['bot-controls']
const BASE = '/api/bot-controls/approvals'
const TENANT = '`tenant_id`: another tenant (administrators only; 403 otherwise).'
const RULES =
  `An approval is bound to the exact order held (account, symbol, side, quantity or notional, type, limit price) and ` +
  `lapses ${APPROVAL_TTL_MINUTES} minutes after the order was held (\`expires_at\`): a lapsed approval is \`expired\` ` +
  `and so is its order. A market order carries a band of ±${MARKET_BAND_PCT} % around the quote the gate priced it ` +
  `at (\`band_low\`–\`band_high\`, both included); a limit order has none (its limit bounds it). ` +
  'A rejected or expired order gives its budget (one order, its notional) back to the agent’s day. ' +
  'Decisions are made by signed-in people of the tenant; an agent’s key cannot approve.'

export function approvalsRoutes(app: App, approvals: ApprovalsService): void {
  app.get(
    BASE,
    {
      schema: {
        operationId: 'listBotApprovals',
        summary: 'Agent orders held for approval, newest first',
        description:
          `\`status\` filters (pending, approved, sent, rejected, expired). Pages: \`page\` (1-based), \`page_size\` ` +
          `1–${S.PAGE_SIZE_MAX} (default ${S.PAGE_SIZE_DEFAULT}); \`total\` counts the matching approvals. ` +
          `Reading expires lapsed approvals first. ${RULES} ${TENANT}`,
        examples: {
          query: { status: 'pending', page: 1, page_size: 20 },
          200: {
            description: 'A page',
            value: { items: [X.PENDING_EXAMPLE], total: 1, page: 1, page_size: 20 },
          },
        },
        tags,
        querystring: S.ApprovalListQuery,
        response: { 200: S.ApprovalPage, ...problems(401, 403, 422) },
      },
    },
    (req) => approvals.list(effectiveTenant(scopeOf(req), req.query.tenant_id), req.query),
  )
  app.get(
    `${BASE}/:approval_id`,
    {
      schema: {
        operationId: 'getBotApproval',
        summary: 'One approval with its order',
        description: `Another tenant’s or an unknown approval → 404 \`bot.approval_not_found\`. ${TENANT}`,
        examples: {
          params: { approval_id: 77 },
          200: { description: 'The approval', value: X.PENDING_EXAMPLE },
        },
        tags,
        params: S.ApprovalParams,
        querystring: S.TenantQuery,
        response: { 200: S.Approval, ...problems(401, 403, 404, 422) },
      },
    },
    (req) => approvals.get(effectiveTenant(scopeOf(req), req.query.tenant_id), req.params.approval_id),
  )
  decisionRoutes(app, approvals)
}

function decisionRoutes(app: App, approvals: ApprovalsService): void {
  app.post(
    `${BASE}/:approval_id/approve`,
    {
      schema: {
        operationId: 'approveBotApproval',
        summary: 'Approve a held agent order and send it',
        description:
          'Re-checked under the approval’s lock: it must be pending (else 409 `bot.approval_not_pending`, with ' +
          '`approval_status` and `order_status`); its agent must be enabled and not halted, and a reducing agent’s ' +
          'order must still reduce its position (else 409 `bot.agent_not_trading` with `reason`; the approval stays ' +
          'pending); the order must still be within the agent’s allow-lists — its symbol and account allowed, the ' +
          'current New York time within its allowed hours (else 409 `bot.agent_not_allowed` with `reason` ' +
          '`symbol.not_allowed`, `account.not_allowed` or `hours.not_allowed`; the approval stays pending); the ' +
          'budget limits are not run again (the order counted when it was held); not lapsed (else it expires: 422 `bot.approval_expired`, also the ' +
          'answer for one already expired); the order must ' +
          'be the one held (else it expires: 409 `bot.approval_order_changed`); a market order’s current quote must ' +
          'be within its band (else the approval and the order expire: 422 `bot.approval_price_band` with `quote`, ' +
          '`band_low`, `band_high`; no quote at all → 503 `bot.quote_unavailable`, still pending). Then the approval is `approved` (who: `decided_by`, when: `decided_at`) and the ' +
          'order goes to its broker; the answer shows the approval `sent` with the order as the broker took it ' +
          `(\`approved\` while the broker has not taken it). ${RULES} ${TENANT}`,
        examples: {
          params: { approval_id: 77 },
          200: { description: 'Approved and sent', value: X.SENT_EXAMPLE },
        },
        tags,
        params: S.ApprovalParams,
        querystring: S.TenantQuery,
        response: { 200: S.Approval, ...problems(401, 403, 404, 409, 422, 503) },
      },
    },
    (req) =>
      approvals.approve(
        scopeOf(req),
        effectiveTenant(scopeOf(req), req.query.tenant_id),
        req.params.approval_id,
      ),
  )
  app.post(
    `${BASE}/:approval_id/reject`,
    {
      preValidation: tenantFirst,
      config: { bodyOptional: true },
      schema: {
        operationId: 'rejectBotApproval',
        summary: 'Reject a held agent order',
        description:
          `\`note\` (optional, 1–${S.NOTE_MAX} characters on one line; the body itself may be left out) is kept as \`decision_note\` and as the order’s ` +
          '`reject_detail`. The order becomes `rejected` with reason `approval.rejected` (counted in the agent’s ' +
          'rejections) and its budget goes back to its day. Decided → 409 `bot.approval_not_pending`; lapsed or ' +
          `expired → 422 \`bot.approval_expired\`. ${TENANT}`,
        examples: {
          params: { approval_id: 77 },
          body: { note: 'Too large before earnings' },
          200: { description: 'Rejected', value: X.REJECTED_EXAMPLE },
        },
        tags,
        params: S.ApprovalParams,
        querystring: S.TenantQuery,
        body: S.RejectInput,
        response: { 200: S.Approval, ...problems(401, 403, 404, 409, 422) },
      },
    },
    (req) =>
      approvals.reject(
        scopeOf(req),
        effectiveTenant(scopeOf(req), req.query.tenant_id),
        req.params.approval_id,
        req.body.note ?? null,
      ),
  )
}
