/** GET /api/trading-intel/intel-feed and its event stream (not among the required operations). */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import { effectiveTenant } from '../../../platform/auth/scope.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { AppError } from '../../../platform/http/errors.ts'
import { problems } from '../../../platform/http/problem.ts'
import { DEFAULT_SESSIONS, MAX_SESSIONS } from '../../../platform/session-window.ts'
import type { IntelFeed } from './index.ts'
import { FeedAnswerSchema, FeedQuery, MAX_HOURS, MAX_LIMIT, StreamQuery } from './intel-feed.schemas.ts'
import { NEWS_HOLDINGS } from './sources.service.ts'
import { MAX_STREAMS_PER_TENANT, RETRY_MS, STREAM_BATCH, wireItem } from './stream.service.ts'
import { ALERT_CONFIDENCE } from './lib/feed-order.ts'

const tags = ['trading-intel']

const WINDOW_TEXT =
  'The window is in trading sessions, so Friday’s items are still listed on Saturday: by default ' +
  `(\`sessions\` ${DEFAULT_SESSIONS}) the latest session, the regular session that opened last (09:30 New ` +
  'York; on a Saturday, a holiday or before Monday’s open, Friday’s), and `sessions`=N (at most ' +
  `${MAX_SESSIONS}) adds the N−1 trading days before it; an item belongs to it when its created_at (when ` +
  'it was written: a signal detected, a flow reading first taken, a recommendation made, a news item ' +
  'published) is at or after 04:00 New York of ' +
  `the first of those dates, up to now. \`hours\` (1–${MAX_HOURS}) instead asks for the items created ` +
  'within the last `hours` of wall clock; giving both is a 422. `window` says which one was used and ' +
  'where it starts; `since` repeats window.since. '

const SOURCES_TEXT =
  'Sources: intraday setup signals (tag SIGNAL), options-flow signals (FLOW), recommendations (ALERT when ' +
  `confidence ≥ ${ALERT_CONFIDENCE.toFixed(2)}, else SIGNAL) and news (NEWS: ticker news of the tenant's ` +
  `${NEWS_HOLDINGS} largest holdings by |market value| plus general market news; with symbol, that ticker's ` +
  'news). Sources not yet available are absent. '

export function intelFeedRoutes(app: App, api: IntelFeed): void {
  getIntelFeedRoute(app, api)
  streamIntelFeedRoute(app, api)
  // Open streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => api.streams.closeAll())
}

function getIntelFeedRoute(app: App, { feed }: IntelFeed): void {
  app.get(
    '/api/trading-intel/intel-feed',
    {
      schema: {
        operationId: 'getIntelFeed',
        summary: 'The intel feed: signals, flow, alerts and news merged, newest first',
        description:
          SOURCES_TEXT +
          WINDOW_TEXT +
          'The items of the window, newest first; ties on ' +
          'created_at by id descending (the numeric part of signal:123 compared as a number), at most `limit` ' +
          `(default 50, at most ${MAX_LIMIT}). Ids are unique across sources (signal:<id>, flow:<id>, ` +
          'rec:<id>, news:<vendor id>). A source that fails (e.g. the news provider) is left out and named in ' +
          '`degraded`; the others still answer 200. Administrators may pass tenant_id.',
        examples: {
          query: { sessions: 1, limit: 50, tag: 'NEWS' },
          200: {
            description: 'The merged feed',
            value: {
              items: [
                {
                  id: 'news:sim-1d8235b781e799',
                  tag: 'NEWS',
                  symbol: 'AAPL',
                  text: 'Apple Inc. unveils next-generation data-center products (Global Finance Daily)',
                  confidence: null,
                  source: 'news',
                  created_at: '2026-11-24T19:57:00.000Z',
                },
              ],
              degraded: [],
              window: {
                sessions: 1,
                from_session_date: '2026-11-24',
                hours: null,
                since: '2026-11-24T09:00:00.000Z',
              },
              since: '2026-11-24T09:00:00.000Z',
            },
          },
        },
        tags,
        querystring: FeedQuery,
        response: { 200: FeedAnswerSchema, ...problems(401, 403, 422) },
      },
    },
    async (req) => {
      const answer = await feed.feed(scopeOf(req), req.query)
      return { ...answer, items: answer.items.map(wireItem), since: answer.window.since }
    },
  )
}

const STREAM_TEXT =
  'Server-sent events (WHATWG format) of feed items as they are written, oldest first. ' +
  'The request must accept text/event-stream (else 406). The answer starts with `retry: ' +
  `${RETRY_MS}\`; then each item is an event \`id: <created_at ISO>/<item id>\`, \`event: item\`, ` +
  '`data: <the item as JSON, as in GET /intel-feed>`. A comment `: heartbeat` is sent every ' +
  'INTEL_FEED_HEARTBEAT_MS (default 15 s); new items are looked for every INTEL_FEED_POLL_MS (default 2 s). ' +
  'The event id is a position in the feed order: reconnecting with Last-Event-ID resumes right after it, ' +
  'with no gap and no repeat, from as far back as the list’s widest window (`sessions`=' +
  `${MAX_SESSIONS}: from 04:00 New York of the earliest of the ${MAX_SESSIONS} latest session dates). ` +
  'Without Last-Event-ID, or with one this feed did not write (or older), the stream starts from the ' +
  `newest item now (a comment says so). When more than ${STREAM_BATCH} items were written between two ` +
  'polls, an `event: gap` comes first and only the newest ones follow. An item appearing with a time ' +
  'older than one already sent (late news) is not streamed; GET /intel-feed lists it. A failing source ' +
  'is skipped by that poll. The server ends streams when it shuts down (clients reconnect). A tenant ' +
  `may hold ${MAX_STREAMS_PER_TENANT} open streams per server ` +
  'process; another answers 429 (retry-after 5 s). Auth: bearer or the svc_token cookie (EventSource in browsers).'

function streamIntelFeedRoute(app: App, { streams }: IntelFeed): void {
  app.get(
    '/api/trading-intel/intel-feed/stream',
    {
      schema: {
        operationId: 'streamIntelFeed',
        summary: 'The intel feed as server-sent events, resumable with Last-Event-ID',
        description: SOURCES_TEXT + STREAM_TEXT,
        examples: {
          query: { tag: 'SIGNAL' },
          200: {
            description:
              'An endless text/event-stream: `retry`, then `item` events and `: heartbeat` comments',
            mediaType: 'text/event-stream',
            value:
              'retry: 3000\n\n' +
              'id: 2026-11-24T15:31:00.000Z/signal:123\nevent: item\n' +
              'data: {"id":"signal:123","tag":"SIGNAL","symbol":"AAPL","text":"ORB long breakout at 51.85, 1.2× range volume",' +
              '"confidence":0.72,"source":"intraday.orb","created_at":"2026-11-24T15:31:00.000Z"}\n\n' +
              ': heartbeat\n\n',
          },
        },
        tags,
        querystring: StreamQuery,
        response: problems(401, 403, 406, 422),
      },
    },
    async (req, reply) => {
      const tenantId = effectiveTenant(scopeOf(req), req.query.tenant_id)
      if (!/\btext\/event-stream\b/.test(req.headers.accept ?? ''))
        throw new AppError(406, 'intel_feed.not_acceptable', 'This stream answers Accept: text/event-stream')
      const lastEventId = req.headers['last-event-id']
      const filter = {
        ...(req.query.tag ? { tag: req.query.tag } : {}),
        ...(req.query.symbol ? { symbol: req.query.symbol } : {}),
      }
      await streams.open(reply, tenantId, filter, typeof lastEventId === 'string' ? lastEventId : undefined)
    },
  )
}
