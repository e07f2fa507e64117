/** GET /api/trading-intel/correlation: ETag, 304, X-Cache. */
import type { FastifyReply } from 'fastify'
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { ifNoneMatchMatches } from '../../../platform/http/etag.ts'
import { problems } from '../../../platform/http/problem.ts'
import { NoContent } from '../../../platform/http/schemas.ts'
import { MIN_PAIRS } from './lib/correlation.ts'
import { Correlation, CorrelationQuery, DEFAULT_LOOKBACK_DAYS, MAX_HOLDINGS } from './correlation.schemas.ts'
import type { CorrelationService } from './correlation.service.ts'
import { BENCHMARKS } from './risk.service.ts'
import { CORRELATION_EXAMPLE } from './risk.examples.ts'

const DESCRIPTION =
  `Symbols: the tenant’s ${MAX_HOLDINGS} largest holdings by |market value| (each holding’s latest snapshot row, archived accounts left out; ` +
  `one account with account_id, 404 \`accounts.not_found\` for an unknown or foreign one), then the six ` +
  `benchmarks ${BENCHMARKS.join(', ')} (S&P 500, Nasdaq-100, Russell 2000, Dow, 20+ year Treasuries, gold; a ` +
  `held benchmark appears once, as both). Window: \`from\` = today (New York) − \`lookback_days\` calendar ` +
  `days (default ${DEFAULT_LOOKBACK_DAYS}); the daily closes (interval 1d) from \`from\` to \`as_of\`, both ` +
  `inclusive, so the close of \`from\` (when it is a trading day) is the first used and n closes give n − 1 ` +
  `returns. They go on one date axis; each pair is joined on the dates both have ` +
  `(pandas pct_change(fill_method=None).corr() over df.loc[from:as_of]). Entry = Pearson ρ of daily simple ` +
  `returns, rounded to 3 decimals; null with fewer than ${MIN_PAIRS} common returns or a zero-variance series; ` +
  `the diagonal is 1 where defined. \`observations\` gives the common returns behind each entry; ` +
  '`series[].null_reason` says why a row is null (no_prices: the provider has no bars for the symbol; ' +
  'too_few_returns; flat) — missing prices never fail the call. Headers: `ETag` = the MD5 of the exact body ' +
  'bytes, always set; `If-None-Match` matching it (strong or W/ form, a list, or *) → 304 with no body; ' +
  '`X-Cache: HIT|MISS`. Cached per tenant + account + lookback + symbol set: 15 minutes while the regular ' +
  'session runs (market calendar), otherwise until the next regular open, at most 24 hours. A market data ' +
  'failure → 503 `upstream.unavailable` (nothing is cached). Administrators may pass tenant_id.'

/** The stored bytes as they are (the ETag was taken of exactly these), not re-serialized. */
function sendStored(reply: FastifyReply, json: string): FastifyReply {
  return reply
    .type('application/json; charset=utf-8')
    .serializer((p: unknown) => p as string)
    .send(json)
}

export function correlationRoutes(app: App, deps: { correlation: CorrelationService }): void {
  app.get(
    '/api/trading-intel/correlation',
    {
      schema: {
        operationId: 'getCorrelationMatrix',
        summary: 'Correlation matrix of the holdings and six benchmarks (daily simple returns)',
        description: DESCRIPTION,
        examples: {
          query: { lookback_days: 90 },
          200: { description: 'The matrix', value: CORRELATION_EXAMPLE },
        },
        tags: ['trading-intel'],
        querystring: CorrelationQuery,
        response: {
          200: Correlation,
          304: NoContent('If-None-Match matched the current ETag: no body'),
          ...problems(401, 403, 404, 422, 503),
        },
      },
    },
    async (req, reply) => {
      const { json, etag, hit } = await deps.correlation.correlation(scopeOf(req), req.query)
      reply.header('x-cache', hit ? 'HIT' : 'MISS').header('etag', etag)
      if (ifNoneMatchMatches(req.headers['if-none-match'], etag)) return reply.code(304).send(null)
      return sendStored(reply, json)
    },
  )
}
