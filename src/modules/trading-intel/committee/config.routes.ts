/** GET/PATCH /api/trading-intel/committee/config. */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { CONFIG_VIEW } from './committee.examples.ts'
import { DEFAULTS_DOC, MODEL_DOC } from './committee.docs.ts'
import { ConfigPatchBody, ConfigView } from './committee.schemas.ts'
import type { CommitteeConfigService } from './config.service.ts'

const tags = ['trading-intel']
const PATH = '/api/trading-intel/committee/config'

export function configRoutes(app: App, { config }: { config: CommitteeConfigService }): void {
  app.get(
    PATH,
    {
      schema: {
        operationId: 'getCommitteeConfig',
        summary: "The tenant's investment-committee configuration",
        description: `Members (the six analysts, each enabled with a weight), risk limits and the model switch. ${DEFAULTS_DOC} ${MODEL_DOC}`,
        examples: { 200: { description: 'The configuration (defaults here)', value: CONFIG_VIEW } },
        tags,
        response: { 200: ConfigView, ...problems(401) },
      },
    },
    (req) => config.get(scopeOf(req)),
  )
  app.patch(
    PATH,
    {
      schema: {
        operationId: 'updateCommitteeConfig',
        summary: "Change the committee's members, weights, risk limits or model switch",
        description:
          'Merges the given fields into the current configuration (members field by field). Weights are ≥ 0 ' +
          '(at most 10); fractions in [0, 1]. 422 when no voting analyst (technical, fundamental, ' +
          'news_sentiment, flow, risk_manager) is left enabled with a weight above 0 (the weights must sum ' +
          'above 0), or when the portfolio manager is disabled (it makes the decision; its weight is not ' +
          `used). Runs already created keep the configuration they were created with. ${MODEL_DOC}`,
        examples: {
          body: { members: { flow: { enabled: false } }, risk: { min_conviction: 0.3 } },
          200: {
            description: 'The configuration after the change',
            value: {
              ...CONFIG_VIEW,
              members: { ...CONFIG_VIEW.members, flow: { enabled: false, weight: 0.5 } },
              risk: { ...CONFIG_VIEW.risk, min_conviction: 0.3 },
              is_default: false,
              updated_at: '2026-11-24T15:00:00.000Z',
            },
          },
        },
        tags,
        body: ConfigPatchBody,
        response: { 200: ConfigView, ...problems(401, 422) },
      },
    },
    (req) => config.patch(scopeOf(req), req.body),
  )
}
