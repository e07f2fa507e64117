/** Exit strategies CRUD under /api/trading-intel/exit/strategies (not among the required operations). */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { NoContent } from '../../../platform/http/schemas.ts'
import type { ExitStrategiesService } from './exit-strategies.service.ts'
import { Strategy, StrategyBody, StrategyParams, StrategyPatch } from './exit.schemas.ts'
import { STRATEGY_EXAMPLE } from './risk.examples.ts'

const tags = ['trading-intel']
const BASE = '/api/trading-intel/exit/strategies'

const RULES =
  'A strategy: a name unique in the tenant (trimmed, 1–80 characters; a taken name → 409 ' +
  '`exit.strategy_name_taken`), a method (atr: stop = entry ∓ k·ATR_n; chandelier: HH_n − k·ATR_n / LL_n + ' +
  'k·ATR_n; percent: entry ∓ percent %), atr_period n (2–100) and multiplier k (0–10], defaulted by method ' +
  '(atr and percent: 14 and 2, trailing false; chandelier: 22 and 3, trailing true), percent (required for the ' +
  'percent method), trailing (ratchet from the entry, never loosened), and what it applies to: an account_id ' +
  '(the tenant’s; unknown → 422) or a symbol list (1–50), not both (422); neither = every holding.'

export function exitStrategiesRoutes(app: App, { strategies }: { strategies: ExitStrategiesService }): void {
  app.post(
    BASE,
    {
      schema: {
        operationId: 'createExitStrategy',
        summary: 'Save a named exit strategy',
        description: `${RULES} Answers 201 with the stored strategy.`,
        examples: {
          body: { name: 'Swing chandelier', method: 'chandelier', symbols: ['AAPL', 'MSFT'] },
          201: { description: 'Created', value: STRATEGY_EXAMPLE },
        },
        tags,
        body: StrategyBody,
        response: { 201: Strategy, ...problems(401, 409, 422) },
      },
    },
    async (req, reply) => reply.code(201).send(await strategies.create(scopeOf(req), req.body)),
  )
  app.get(
    `${BASE}/:id`,
    {
      schema: {
        operationId: 'getExitStrategy',
        summary: 'One exit strategy',
        description: 'Another tenant’s strategy, like an unknown one, → 404 `exit.strategy_not_found`.',
        examples: { params: { id: 7 }, 200: { description: 'The strategy', value: STRATEGY_EXAMPLE } },
        tags,
        params: StrategyParams,
        response: { 200: Strategy, ...problems(401, 404, 422) },
      },
    },
    (req) => strategies.get(scopeOf(req), req.params.id),
  )
  app.patch(
    `${BASE}/:id`,
    {
      schema: {
        operationId: 'updateExitStrategy',
        summary: 'Change an exit strategy',
        description:
          `${RULES} Only the fields given change (null clears percent, account_id or symbols); a new method ` +
          'takes its defaults for the fields not given. The result is checked as a whole. Unknown or another ' +
          'tenant’s → 404.',
        examples: {
          params: { id: 7 },
          body: { multiplier: 2.5 },
          200: { description: 'Changed', value: STRATEGY_EXAMPLE },
        },
        tags,
        params: StrategyParams,
        body: StrategyPatch,
        response: { 200: Strategy, ...problems(401, 404, 409, 422) },
      },
    },
    (req) => strategies.update(scopeOf(req), req.params.id, req.body),
  )
  app.delete(
    `${BASE}/:id`,
    {
      schema: {
        operationId: 'deleteExitStrategy',
        summary: 'Delete an exit strategy',
        description:
          'Removes it (hard delete; computations referring to it then answer 422). Unknown or another tenant’s → 404.',
        examples: { params: { id: 7 }, 204: { description: 'Deleted' } },
        tags,
        params: StrategyParams,
        response: { 204: NoContent('Deleted'), ...problems(401, 404, 422) },
      },
    },
    async (req, reply) => {
      await strategies.remove(scopeOf(req), req.params.id)
      return reply.code(204).send(null)
    },
  )
}
