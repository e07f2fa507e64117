/** POST /api/screener/ai-build and POST /api/trading-intel/stock-screener/build: a screen from words. */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { MODEL_RESULT, RULES_RESULT } from './ai-build.examples.ts'
import { AiBuildBody, BuildBody, BuildResultSchema } from './ai-build.schemas.ts'
import type { AiBuildService } from './ai-build.service.ts'
import {
  BETA_LOW,
  GAP_PCT,
  HIGH_YIELD_PCT,
  NEAR_52W_PCT,
  RSI_OVERSOLD,
  RVOL_ON_VOLUME,
  RVOL_UNUSUAL,
  UNCORRELATED,
  UNDERWEIGHT_PCT,
} from './lib/nl-phrases.ts'
import { EXAMPLE_PROMPTS } from './lib/nl-rules.ts'
import type { ScreenSpec } from './lib/spec.ts'

export const BUILD_DOC =
  'The tenant must have the feature `stock_screener_ai` on (else 503 `screener.ai_disabled`). With a language model ' +
  'configured, the model is asked for a spec under a JSON schema whose field ids and operators are the catalog’s (enums); ' +
  'its answer is only parsed and validated like any spec, never executed (`source: "model"`). Without a model, over the ' +
  'daily language-model budget, on an upstream error or timeout, or when the answer is not JSON or not a valid spec ' +
  '(an unknown field, a wrong unit), the keyword rules answer instead with `degraded: true` and the `reason`. ' +
  'The rules read common phrasings and AND them in the order written: size (micro < $300M ≤ small < $2B ≤ mid < ' +
  `$10B ≤ large; mega ≥ $200B; "market cap over $50B"), "under 20 P/E", "oversold" (RSI(14) < ${RSI_OVERSOLD}) / ` +
  `"overbought" / "RSI above 70", "dividend payers" (yield > 0), "high dividend yield" (≥ ${HIGH_YIELD_PCT} %) or ` +
  `"yield over 4%", "gapping up" (gap ≥ ${GAP_PCT} %), "on volume" (relative volume ≥ ${RVOL_ON_VOLUME}), "unusual volume" ` +
  `(≥ ${RVOL_UNUSUAL}), "near 52-week highs" (within ${NEAR_52W_PCT} %), "down 20% from highs", "above the 200-day moving ` +
  'average" (price > SMA 200), "golden cross" (SMA 50 crosses above SMA 200), "price crossing above the 50-day", ' +
  `"low beta" (< ${BETA_LOW}), "top gainers" / "biggest losers" (sorted by change %), "up more than 50% this year", ` +
  '"cheap stocks under $10", sectors by name ("tech", "energy"; several → `sector in [...]`), "ETFs" (universe funds), ' +
  `"not in my portfolio" (held = false), "uncorrelated with my portfolio" (|correlation| < ${UNCORRELATED}) and ` +
  `"sectors I'm underweight" (sector weight < ${UNDERWEIGHT_PCT} %). A prompt none of them matches → 422 ` +
  '`screener.prompt_not_understood` whose message lists example phrasings. `paraphrase` and `clauses` say what each ' +
  `part was taken to mean. Examples: ${EXAMPLE_PROMPTS.map((p) => `"${p}"`).join(', ')}.`

const screenerTags = ['screener']
const stockTags = ['stock-screener']
const responses = { 200: BuildResultSchema, ...problems(401, 422, 503) }

export function aiBuildRoutes(app: App, { aiBuild }: { aiBuild: AiBuildService }): void {
  app.post(
    '/api/screener/ai-build',
    {
      schema: {
        operationId: 'buildScreenFromPrompt',
        summary: 'A screen spec from plain English (language model, else keyword rules)',
        description: `Turns a prompt into a validated screen spec to run with POST /api/screener. ${BUILD_DOC}`,
        examples: {
          body: { prompt: 'oversold large-cap tech not in my portfolio' },
          200: { description: 'Built by the keyword rules (no model configured)', value: RULES_RESULT },
        },
        tags: screenerTags,
        body: AiBuildBody,
        response: responses,
      },
    },
    (req) => aiBuild.fromPrompt(scopeOf(req).tenantId, req.body.prompt),
  )
  app.post(
    '/api/trading-intel/stock-screener/build',
    {
      schema: {
        operationId: 'buildStockScreen',
        summary: 'A stock-screener spec from plain English or from a structured spec',
        description:
          'Either `{prompt}` (built as POST /api/screener/ai-build does) or `{spec}` (validated against the catalog and ' +
          'normalised: unit suffixes resolved, defaults filled; 422 naming the field, with the closest field id as a hint; ' +
          `no feature flag needed). ${BUILD_DOC}`,
        examples: {
          body: { prompt: 'high dividend yield over 4% in utilities or low beta, highest yield first' },
          200: { description: 'Built by the language model (validated)', value: MODEL_RESULT },
        },
        tags: stockTags,
        body: BuildBody,
        response: responses,
      },
    },
    async (req) => {
      const { tenantId } = scopeOf(req)
      const body = req.body
      // The structural schema holds `op` as text; validateSpec checks it against the operators.
      if (body.spec !== undefined) return aiBuild.fromSpec(body.spec as unknown as ScreenSpec)
      return aiBuild.fromPrompt(tenantId, body.prompt ?? '')
    },
  )
}
