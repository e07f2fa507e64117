/**
 * GET/PUT /api/trading-intel/email-briefing/subscription, and the one-click unsubscribe
 * POST /api/trading-intel/email-briefing/unsubscribe?token=… (RFC 8058; public: the token is the
 * only credential). The GET of the same URL is a page (web/), which never unsubscribes by itself.
 */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { acceptMultipartFields, ONE_CLICK_BODY_LIMIT } from '../../../platform/http/form-body.ts'
import { problems } from '../../../platform/http/problem.ts'
import { BRIEFING_CRON } from './briefing.job.ts'
import {
  SEND_AT_MAX,
  SEND_AT_MIN,
  Subscription,
  SubscriptionBody,
  UnsubscribeQuery,
  UnsubscribeResult,
} from './briefing.schemas.ts'
import { UNSUBSCRIBE_PATH } from './briefing.service.ts'
import type { SubscriptionService } from './subscription.service.ts'

const tags = ['trading-intel']
const PATH = '/api/trading-intel/email-briefing/subscription'
const EXAMPLE = {
  enabled: true,
  account_id: null,
  send_at: '08:30',
  entitled: true,
  last_sent_on: '2026-11-24',
  unsubscribed_at: null,
  created_at: '2026-11-20T14:00:00.000Z',
  updated_at: '2026-11-20T14:00:00.000Z',
}

const SCHEDULE =
  `The scheduled job (cron "${BRIEFING_CRON}", New York) sends, on trading days, to every enabled ` +
  `subscription whose send_at has come and that has not been sent that day, while the tenant's plan ` +
  `has email_briefing and the address is verified (else the day is skipped); at most one scheduled ` +
  `mail per subscription and New York day, whatever reruns; a delivery failure is retried on the next run.`

export function subscriptionRoutes(
  app: App,
  { subscriptions }: { subscriptions: SubscriptionService },
): void {
  app.get(
    PATH,
    {
      schema: {
        operationId: 'getEmailBriefingSubscription',
        summary: "The caller's daily-briefing subscription",
        description:
          `The caller's subscription, or the defaults (enabled false, created_at null) when there is none. ` +
          `entitled says whether the plan includes email_briefing (a subscription of a plan without it is ` +
          `kept but not sent). ${SCHEDULE}`,
        examples: { 200: { description: 'Subscribed', value: EXAMPLE } },
        tags,
        response: { 200: Subscription, ...problems(401) },
      },
    },
    (req) => subscriptions.get(scopeOf(req)),
  )
  app.put(
    PATH,
    {
      schema: {
        operationId: 'putEmailBriefingSubscription',
        summary: 'Subscribe to (or pause) the scheduled daily briefing',
        description:
          `Creates or replaces the caller's subscription: enabled, account_id (null: all accounts; 404 ` +
          `accounts.not_found for one that is not the tenant's), send_at (New York HH:MM on a 5-minute step, ` +
          `${SEND_AT_MIN}–${SEND_AT_MAX}; absent keeps the stored one, BRIEFING_SEND_AT for a new one). ` +
          `enabled true clears an earlier one-click unsubscribe. 402 plan.feature_unavailable on plans ` +
          `without email_briefing. ${SCHEDULE}`,
        examples: {
          body: { enabled: true, send_at: '08:30' },
          200: { description: 'Saved', value: EXAMPLE },
        },
        tags,
        body: SubscriptionBody,
        response: { 200: Subscription, ...problems(401, 402, 404, 422) },
      },
    },
    (req) => subscriptions.put(scopeOf(req), req.body),
  )
  unsubscribeRoute(app, subscriptions)
}

function unsubscribeRoute(app: App, subscriptions: SubscriptionService): void {
  void app.register(async (scoped: App) => {
    // RFC 8058 §3.2: the one-click POST SHOULD be multipart/form-data (urlencoded and JSON parse as usual).
    acceptMultipartFields(scoped)
    scoped.post(
      UNSUBSCRIBE_PATH,
      {
        config: { auth: 'public' },
        bodyLimit: ONE_CLICK_BODY_LIMIT,
        schema: {
          operationId: 'unsubscribeEmailBriefing',
          summary: 'One-click unsubscribe from the daily briefing (RFC 8058)',
          description:
            'The URI of the List-Unsubscribe header of every briefing mail. No authentication: the token ' +
            '(256 random bits, scoped to one subscription) is the credential. The body mail clients send, ' +
            '`List-Unsubscribe=One-Click`, may come as multipart/form-data or application/x-www-form-urlencoded ' +
            '(or be absent); it is not required. Turns the subscription off at once (the scheduled job sends ' +
            'nothing more) and answers 200 directly — never a redirect, no cookie. Idempotent: repeating it ' +
            'answers 200 with the first unsubscribe time. 404 briefing.unsubscribe_token_unknown for a token ' +
            'that names no subscription; 422 for a malformed one. A GET of the same URL shows a page with a ' +
            'button that sends this POST; the GET itself changes nothing (link scanners prefetch GETs).',
          examples: {
            query: { token: '17.eP95neSxQ0mD7a3YbLr1Vt9kZc2HwJ5uNf8gKp4oTqA' },
            200: {
              description: 'Unsubscribed',
              value: { unsubscribed: true, unsubscribed_at: '2026-11-24T15:00:00.000Z' },
            },
          },
          tags,
          consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
          querystring: UnsubscribeQuery,
          response: { 200: UnsubscribeResult, ...problems(404, 422) },
        },
      },
      (req) => subscriptions.unsubscribe(req.query.token),
    )
  })
}
