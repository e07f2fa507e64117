/** GET /api/bot-controls/approval-threshold/preview: what a proposed threshold would have held. */
import { effectiveTenant } from '../../../../platform/auth/scope.ts'
import { scopeOf } from '../../../../platform/auth/authenticate.ts'
import type { App } from '../../../../platform/http/app-type.ts'
import { problems } from '../../../../platform/http/problem.ts'
import { tenantFirst } from '../agents/agents.routes.ts'
import * as S from './preview.schemas.ts'
import { PREVIEW_DESCRIPTION } from './preview.docs.ts'
import { PREVIEW_EXAMPLE } from './preview.examples.ts'
import type { PreviewService } from './preview.service.ts'

export function previewRoutes(app: App, preview: PreviewService): void {
  app.get(
    '/api/bot-controls/approval-threshold/preview',
    {
      // Another tenant's tenant_id is refused before the query is checked.
      preValidation: tenantFirst,
      schema: {
        operationId: 'previewApprovalThreshold',
        summary: 'What a proposed approval threshold would have held, and what each limit would have blocked',
        description: PREVIEW_DESCRIPTION,
        examples: {
          query: { proposed_threshold: '1000.00', days: 7 },
          200: {
            description: 'The preview',
            value: PREVIEW_EXAMPLE,
          },
        },
        tags: ['bot-controls'],
        querystring: S.PreviewQuery,
        response: { 200: S.Preview, ...problems(401, 403, 422) },
      },
    },
    (req) => {
      const tenantId = effectiveTenant(scopeOf(req), req.query.tenant_id)
      return preview.preview(tenantId, req.query.proposed_threshold, req.query.days ?? 7)
    },
  )
}
