/** GET /api/trading-intel/eod/review and /eod/history. */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { HISTORY_EXAMPLES, REVIEW_EXAMPLES } from './daily.examples.ts'
import {
  HistoryQuery,
  History,
  Review,
  ReviewQuery,
  MAX_DAYS_BACK,
  MAX_REVIEW_POSITIONS,
  MAX_REVIEW_SIGNALS,
} from './eod.schemas.ts'
import type { EodService } from './eod.service.ts'
import { HIT_THRESHOLD, MOVERS_TOP } from './lib/review.ts'

const tags = ['trading-intel']
const PREFIX = '/api/trading-intel/eod'

const RULES =
  'P&L by position = quantity × (close − previous close) from daily bars, positions from each ' +
  "account's latest portfolio snapshot on or before the review date (what was held at that day's " +
  `end; trades during the day are not split out), the ${MAX_REVIEW_POSITIONS} largest by |market value|. ` +
  'Signals: the tenant’s intraday ' +
  `signals of that session date and options-flow readings of that trading date (at most ${MAX_REVIEW_SIGNALS} ` +
  'each). Each plays out as the direction-adjusted return sign × (later − reference) ÷ reference ' +
  '(sign +1 long / CALL_DOMINANCE, −1 short / PUT_DOMINANCE; NEUTRAL_FLOW has no direction) with the ' +
  'reference the trigger price (flow readings carry none: the day’s open); at the close it is a ' +
  `hit above ${HIT_THRESHOLD}, a miss below, flat at exactly ${HIT_THRESHOLD}; the same at the next ` +
  'close (pending until that session closes). Movers: the ' +
  `${MOVERS_TOP} largest rises and falls among holdings by change_pct, and the market’s top 5 from ` +
  'live quotes, only when computed before the next session opens (else null; a recomputation keeps ' +
  'the first ones).'

export function eodRoutes(app: App, { eod }: { eod: EodService }): void {
  app.get(
    `${PREFIX}/review`,
    {
      schema: {
        operationId: 'getEodReview',
        examples: REVIEW_EXAMPLES,
        summary: 'The end-of-day review: P&L by position, signals and how they played out, movers',
        description:
          '`review_date` defaults to the latest closed session (today after the 16:00 New York ' +
          'close, else the trading day before). 422 (naming review_date) for a future date, a ' +
          'session not closed yet, a non-trading day (the message names the previous trading day), ' +
          `or more than ${MAX_DAYS_BACK} days back. A stored review is answered as stored; a missing ` +
          'one is computed and stored (one per tenant, account scope and date — the ' +
          '`daily.eod-review` job writes the all-accounts review after the close). A stored review ' +
          'whose next-close outcomes were pending is recomputed once that session has closed, then ' +
          'stays as stored (`complete`) — unless the holdings of its date are no longer those it ' +
          'priced (a holding recorded since, dated on or before it, or one removed): then it is ' +
          'recomputed and stored again. Positions are what the tenant held at that date’s end in ' +
          'every account, manual or broker-synced, each holding carried forward from its latest ' +
          'snapshot on or before the date. A market-data failure answers a `degraded` review ' +
          '(unpriced positions, the reasons listed) that is not stored. `account_id` of another ' +
          'tenant (or none) → 404. Administrators may pass tenant_id (403 for anyone else). ' +
          RULES,
        tags,
        querystring: ReviewQuery,
        response: { 200: Review, ...problems(401, 403, 404, 422) },
      },
    },
    (req) => eod.get(scopeOf(req), req.query),
  )
  app.get(
    `${PREFIX}/history`,
    {
      schema: {
        operationId: 'getEodHistory',
        examples: HISTORY_EXAMPLES,
        summary: 'Summaries of the stored end-of-day reviews, newest first',
        description:
          `The stored reviews of the last \`days\` calendar days (default 30, at most ${MAX_DAYS_BACK}; ` +
          'so at most one item per trading day) of the account scope (`account_id`, default all ' +
          'accounts), newest first: date, total P&L, signal count, hits and misses at the close, the ' +
          'best and worst position by P&L, and whether the review is complete. Only stored reviews ' +
          'are listed (nothing is computed here). `account_id` of another tenant → 404. ' +
          'Administrators may pass tenant_id (403 for anyone else).',
        tags,
        querystring: HistoryQuery,
        response: { 200: History, ...problems(401, 403, 404, 422) },
      },
    },
    (req) => eod.history(scopeOf(req), req.query),
  )
}
