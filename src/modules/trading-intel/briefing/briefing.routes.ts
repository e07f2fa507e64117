/** POST /api/trading-intel/email-briefing: compose and send the daily briefing now. */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { SendBody, SendQuery, SendResult } from './briefing.schemas.ts'
import { HOLDINGS_READ } from './sections.service.ts'
import { ON_DEMAND_PER_DAY, type BriefingService } from './briefing.service.ts'
import { SECTION_KEYS } from './lib/render.ts'
import { MAX_LINES } from './lib/summaries.ts'

const DESCRIPTION =
  `Composes the daily briefing (a text and an HTML part) and sends it through the e-mail provider ` +
  `(SMTP_URL; the outbox table offline) to the caller's own verified address — \`to\` in the body is ` +
  `ignored. Sections (\`sections\` picks and orders them; default all, ${SECTION_KEYS.join(', ')}): ` +
  `gameplan — today's game plan (GET /gameplan: its market events with portfolio relevance and signal ` +
  `counts); eod_review — the latest closed session's review (GET /eod/review: P&L, signal hit rate, ` +
  `movers); recommendations — the newest ${MAX_LINES} open recommendations; holdings — the biggest moves ` +
  `since the previous close (quantity × quote change) among the ${HOLDINGS_READ} largest holdings. At ` +
  `most ${MAX_LINES} lines per list. Each section degrades on its own: when its source fails it is ` +
  `\`unavailable\` (reason: the error code, e.g. upstream.timeout), when its source answers partly it is ` +
  `\`degraded\` (its reasons); the mail says so and \`degraded\` is true — never a 5xx for a section. ` +
  `Every mail carries \`List-Unsubscribe: <https://…/api/trading-intel/email-briefing/unsubscribe?token=…>, ` +
  `<mailto:…>\` and \`List-Unsubscribe-Post: List-Unsubscribe=One-Click\` (RFC 2369/8058) with the token of ` +
  `the caller's subscription (created, disabled, on the first send), and the same link in the body. ` +
  `On-demand sends go even after an unsubscribe (the user asked); the unsubscribe stops the scheduled ` +
  `mails. 402 plan.feature_unavailable on plans without email_briefing (see GET /api/auth/me/entitlements); ` +
  `422 briefing.email_unverified when the address is not verified; 404 accounts.not_found for an ` +
  `account_id that is not the tenant's; 503 briefing.email_unavailable when the provider cannot be reached ` +
  `(timeout, network, 4xx SMTP reply — retry later); 502 briefing.email_rejected when it refuses the message; ` +
  `429 briefing.too_many_sends past ${ON_DEMAND_PER_DAY} on-demand attempts per user and New York day ` +
  `(Retry-After: until New York midnight; the scheduled mail does not count).`

export function briefingRoutes(app: App, { briefing }: { briefing: BriefingService }): void {
  app.post(
    '/api/trading-intel/email-briefing',
    {
      schema: {
        operationId: 'sendEmailBriefing',
        summary: 'Compose and send the daily trading briefing e-mail to the caller',
        description: DESCRIPTION,
        examples: {
          query: { account_id: 2 },
          body: { sections: ['gameplan', 'recommendations'] },
          200: {
            description: 'Sent, one section unavailable',
            value: {
              message_id: '<8b0c7e2a-1d4f-4c55-9f7e-3a1f0b2d9c11@sextant.example>',
              subject: 'Sextant briefing for 2026-11-24',
              recipient: 'ada@example.com',
              sent_at: '2026-11-24T13:30:00.000Z',
              account_id: null,
              sections: [
                {
                  key: 'gameplan',
                  title: "Today's game plan",
                  status: 'unavailable',
                  reason: 'upstream.timeout',
                  lines: [],
                },
                {
                  key: 'recommendations',
                  title: 'Open recommendations',
                  status: 'ok',
                  reason: null,
                  lines: ['BUY AAPL at 189.20, confidence 0.82 (committee, 2026-11-20)'],
                },
              ],
              degraded: true,
            },
          },
        },
        tags: ['trading-intel'],
        querystring: SendQuery,
        body: SendBody,
        response: { 200: SendResult, ...problems(401, 402, 404, 422, 429, 502, 503) },
      },
    },
    (req) => briefing.send(scopeOf(req), req.query, req.body ?? {}),
  )
}
