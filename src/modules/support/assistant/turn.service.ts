/**
 * One user turn, in its fixed order; each step short-circuits:
 *   1. the `support_ai` flag off → `master_flag_off` (nothing stored);
 *   2. the caller must be a signed-in user of a tenant (401/403);
 *   3. rate limit (429 + Retry-After) and the daily quota / cost cap (typed outcomes; nothing stored);
 *   4. the caller's own conversation (404), not escalated (409; nothing stored);
 *   5. the intent classifier: refused → the user turn and its classification stored, no assistant turn;
 *   6. allowed: a streaming client gets the answer as server-sent events (turn-stream.ts); a JSON
 *      client gets `runtime_not_wired` (the user turn and its classification stored).
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { FeatureFlags } from '../../../platform/feature-flags.ts'
import { ConflictError, ForbiddenError } from '../../../platform/http/errors.ts'
import { leaseUntil } from './answer-lease.service.ts'
import * as repo from './conversations.repository.ts'
import type { ConversationsService } from './conversations.service.ts'
import { classifyIntent, refusalMessage } from './lib/intent.ts'
import type { Intent } from './lib/types.ts'
import type { CapOutcome, QuotaService } from './quota.service.ts'

/** Turns of history a responder sees (the latest ones). */
export const HISTORY_TURNS = 10

export const MESSAGES = {
  master_flag_off:
    'The support assistant is switched off for your organisation. You can still open a support case and a person will answer.',
  runtime_not_wired:
    'The assistant streams its answers as server-sent events; this request asked for JSON. Send the message again with Accept: text/event-stream to receive the answer. Your message was kept.',
}

export interface IntentOut {
  label: string
  allowed: boolean
  reason: string
}

export type JsonOutcome =
  | { outcome: 'master_flag_off'; degraded: true; message: string }
  | CapOutcome
  | { outcome: 'refused'; degraded: false; message: string; user_message_id: number; intent: IntentOut }
  | {
      outcome: 'runtime_not_wired'
      degraded: true
      message: string
      user_message_id: number
      intent: IntentOut
    }

/** An allowed turn ready to stream: both messages exist; the assistant's is finished by the stream. */
export interface PreparedTurn {
  conversationId: number
  userMessageId: number
  assistantMessageId: number
  question: string
  intent: Intent
  history: { role: 'user' | 'assistant'; content: string }[]
  /** When the answer's row was stored with its first lease. */
  startedAt: Date
}

export type TurnResult = { kind: 'json'; body: JsonOutcome } | { kind: 'stream'; turn: PreparedTurn }

const intentOut = (i: Intent): IntentOut => ({ label: i.label, allowed: i.allowed, reason: i.reason })

export class TurnService {
  constructor(
    private readonly deps: {
      clock: Clock
      flags: FeatureFlags
      quota: QuotaService
      conversations: ConversationsService
    },
  ) {}

  async submit(
    scope: RequestScope,
    conversationId: number,
    content: string,
    streaming: boolean,
  ): Promise<TurnResult> {
    // 1. The master flag.
    if (!(await this.deps.flags.isEnabled(scope.tenantId, 'support_ai')))
      return {
        kind: 'json',
        body: { outcome: 'master_flag_off', degraded: true, message: MESSAGES.master_flag_off },
      }
    // 2. Tenant and user scope.
    if (!(scope.tenantId > 0 && scope.userId > 0))
      throw new ForbiddenError('support.scope_required', 'The assistant answers signed-in users of a tenant')
    // 3. Rate limit and cost cap.
    const cap = await this.deps.quota.gate(scope)
    if (cap) return { kind: 'json', body: cap }
    // 4–6 in one transaction holding the conversation, so an escalation cannot slip in between.
    return this.deps.conversations.owned(
      scope,
      conversationId,
      async (s, c) => {
        if (c.status === 'escalated')
          throw new ConflictError(
            'support.conversation_escalated',
            'This conversation was handed over to a person and is read-only; start a new conversation or follow up on your support case',
          )
        const intent = classifyIntent(content)
        const now = this.deps.clock.now()
        const earlier = await repo.messagesOf(s, c.id)
        const user = await repo.insertUserTurn(
          s,
          { conversationId: c.id, userId: scope.userId, content, intent },
          now,
        )
        const base = { user_message_id: user.id, intent: intentOut(intent) }
        if (!intent.allowed)
          return {
            kind: 'json',
            body: { outcome: 'refused', degraded: false, message: refusalMessage(intent), ...base },
          }
        if (!streaming)
          return {
            kind: 'json',
            body: {
              outcome: 'runtime_not_wired',
              degraded: true,
              message: MESSAGES.runtime_not_wired,
              ...base,
            },
          }
        const assistant = await repo.insertMessage(
          s,
          // Stored as interrupted until the stream finishes it: a crash leaves an honest record. The
          // lease (renewed by the stream) is what makes it read as in progress meanwhile.
          {
            conversation_id: c.id,
            user_id: scope.userId,
            role: 'assistant',
            content: '',
            finish: 'interrupted',
            lease_expires_at: leaseUntil(now),
          },
          now,
        )
        const history = earlier
          .filter((m) => m.content !== '')
          .slice(-HISTORY_TURNS)
          .map((m) => ({ role: m.role, content: m.content }))
        return {
          kind: 'stream',
          turn: {
            conversationId: c.id,
            userMessageId: user.id,
            assistantMessageId: assistant.id,
            question: content,
            intent,
            history,
            startedAt: now,
          },
        }
      },
      true,
    )
  }
}
