/** /api/support/ai/conversations: create, list, read, delete, escalate, and the message turn. */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import * as X from './assistant.examples.ts'
import * as S from './assistant.schemas.ts'
import type { Assistant } from './index.ts'
import { HEARTBEAT_MS } from './turn-stream.service.ts'

const tags = ['support']
const BASE = '/api/support/ai/conversations'
const OWN = 'Your own conversations only: another user’s or tenant’s → 404 `support.conversation_not_found`.'

export const TURN_TEXT =
  'Evaluated in this order, each step short-circuiting: (1) the `support_ai` flag off → 200 `{outcome: ' +
  '"master_flag_off", degraded: true}`, nothing stored; (2) a signed-in user of a tenant (401/403); (3) the ' +
  'per-user rate limit (messages per minute, by plan) → 429 `support.rate_limited` with Retry-After; the ' +
  'tenant’s daily message quota or daily model-token cap (by plan, UTC days) → 200 `{outcome: ' +
  '"quota_exhausted" | "cost_cap_reached", degraded: true, quota: {used, limit, resets_at}}`, nothing stored; ' +
  '(4) your conversation (404), not escalated (409 `support.conversation_escalated`, nothing stored); (5) the ' +
  'intent classifier: personalised investment advice, credential requests, account takeover, prompt injection ' +
  'and out-of-scope questions are refused → 200 `{outcome: "refused", degraded: false, message, ' +
  'user_message_id, intent}` (the user turn and its classification stored, no assistant turn, no model call); ' +
  '(6) allowed: with `Accept: text/event-stream` the answer streams as server-sent events (headers ' +
  '`Cache-Control: no-cache, no-transform`, `X-Accel-Buffering: no`); each event has `id: ' +
  '<assistant_message_id>.<seq>`: `meta` {conversation_id, user_message_id, assistant_message_id, intent}, ' +
  '`token` {text}, `tool` {name} (the model called a read-only tool), then `done` {assistant_message_id, ' +
  'finish: stop|length, filtered, sources, usage} or `error` {code, message} when the upstream fails ' +
  `mid-stream; a \`: ping\` comment every ${HEARTBEAT_MS / 1000} s. Tokens are only text the output filter ` +
  'has passed: text is held back to a sentence end (or a maximum window), so a phrase split across chunks ' +
  'is judged whole and never leaks; personalised advice is replaced by a neutral sentence, personal data ' +
  'and secrets removed. What was sent is exactly what is stored. A client that disconnects leaves the turn ' +
  'stored with the text sent so far and `finish: "interrupted"`; an upstream failure stores `finish: ' +
  '"error"`. Without that Accept header → 200 `{outcome: "runtime_not_wired", degraded: true, ' +
  'user_message_id, intent}` (the user turn and its classification stored). Without a model configured, ' +
  'answers come from the help articles (retrieval).'

export function conversationsRoutes(app: App, api: Assistant): void {
  app.post(
    BASE,
    {
      schema: {
        operationId: 'createSupportConversation',
        summary: 'Start a conversation with the support assistant',
        description: 'Opens a conversation (title default “New conversation”).',
        examples: {
          body: { title: 'Connecting my broker' },
          200: { description: 'Opened', value: X.CREATED },
        },
        tags,
        body: S.CreateBody,
        response: { 200: S.Created, ...problems(401, 422) },
      },
    },
    (req) => api.conversations.create(scopeOf(req), req.body.title),
  )
  app.get(
    BASE,
    {
      schema: {
        operationId: 'listSupportConversations',
        summary: 'Your conversations with the support assistant',
        description: 'Most recently active first, with their message counts; `page_size` 25, 50 or 100.',
        examples: { query: { page: 1, page_size: 25 }, 200: { description: 'A page', value: X.LIST } },
        tags,
        querystring: S.ListQuery,
        response: { 200: S.ConversationList, ...problems(401, 422) },
      },
    },
    async (req) => {
      const { next_cursor: _, ...page } = await api.conversations.list(scopeOf(req), req.query)
      return { ...page, total: page.total ?? 0 }
    },
  )
  app.get(
    `${BASE}/:conversation_id`,
    {
      schema: {
        operationId: 'getSupportConversation',
        summary: 'A conversation with its messages',
        description: `Messages oldest first; user turns carry the classifier’s verdict; assistant turns name their help-article \`sources\` and the read-only \`tools\` called for them (names only; the figures a tool returned are not repeated). ${OWN}`,
        examples: {
          params: { conversation_id: 41 },
          200: { description: 'The conversation', value: X.CONVERSATION },
        },
        tags,
        params: S.ConversationParams,
        response: { 200: S.ConversationView, ...problems(401, 404, 422) },
      },
    },
    (req) => api.conversations.get(scopeOf(req), req.params.conversation_id),
  )
  changeRoutes(app, api)
  messageRoute(app, api)
}

function changeRoutes(app: App, api: Assistant): void {
  app.delete(
    `${BASE}/:conversation_id`,
    {
      schema: {
        operationId: 'deleteSupportConversation',
        summary: 'Delete a conversation and everything in it',
        description:
          'Deletes the conversation with its messages, intent classifications, tool calls and feedback. ' +
          'Training candidates made from its feedback keep their redacted text (their link becomes null). ' +
          `The deletion is recorded in the audit log (\`support.conversation_deleted\`), which is kept. ${OWN}`,
        examples: {
          params: { conversation_id: 41 },
          200: { description: 'Deleted', value: { conversation_id: 41, deleted: true } },
        },
        tags,
        params: S.ConversationParams,
        response: { 200: S.Deleted, ...problems(401, 404, 422) },
      },
    },
    (req) => api.conversations.delete(scopeOf(req), req.params.conversation_id),
  )
  app.post(
    `${BASE}/:conversation_id/escalate`,
    {
      schema: {
        operationId: 'escalateSupportConversation',
        summary: 'Hand the conversation over to a person',
        description:
          'Sets the status to escalated (read-only from now on: new messages → 409) and answers the URL of ' +
          `the support-case form, pre-filled from this conversation. No case is created. Repeating it is harmless. ${OWN}`,
        examples: {
          params: { conversation_id: 41 },
          body: { reason: 'The answer did not match what I see' },
          200: {
            description: 'Escalated',
            value: {
              conversation_id: 41,
              status: 'escalated',
              ticket_form_url: '/app/support/cases/new?conversation_id=41',
            },
          },
        },
        tags,
        params: S.ConversationParams,
        body: S.EscalateBody,
        response: { 200: S.Escalated, ...problems(401, 404, 422) },
      },
    },
    (req) => api.conversations.escalate(scopeOf(req), req.params.conversation_id, req.body?.reason),
  )
}

function messageRoute(app: App, api: Assistant): void {
  app.post(
    `${BASE}/:conversation_id/messages`,
    {
      schema: {
        operationId: 'sendSupportMessage',
        summary: 'Ask the support assistant (streamed as server-sent events)',
        description: TURN_TEXT,
        examples: {
          params: { conversation_id: 41 },
          body: { content: 'Which stock should I buy this week?' },
          200: {
            description: 'A refused turn (JSON); streaming clients get text/event-stream',
            value: X.REFUSED,
          },
        },
        tags,
        params: S.ConversationParams,
        body: S.MessageBody,
        response: { 200: S.TurnOutcome, ...problems(401, 403, 404, 409, 422, 429) },
      },
    },
    async (req, reply) => {
      const scope = scopeOf(req)
      const streaming = /\btext\/event-stream\b/i.test(req.headers.accept ?? '')
      const result = await api.turns.submit(scope, req.params.conversation_id, req.body.content, streaming)
      if (result.kind === 'json') return result.body
      await api.stream(reply, scope, result.turn)
      return reply
    },
  )
}
