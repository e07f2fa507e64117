/**
 * Feedback on a conversation, the training candidates negative feedback queues (helpful = false or a
 * rating of 2 or less; the comment and the exchange PII-redacted), their review by administrators,
 * and the disclosure the user accepts before chatting.
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { ConflictError, NotFoundError, UnprocessableError } from '../../../platform/http/errors.ts'
import { redactPii } from '../../../kernel/text/pii.ts'
import { inProgress } from './answer-lease.service.ts'
import type { CandidateStatus } from './assistant.tables.ts'
import type { ConversationsService } from './conversations.service.ts'
import * as repo from './feedback.repository.ts'

/** Negative feedback: explicitly unhelpful, or rated at most this. */
export const NEGATIVE_RATING_MAX = 2

export const DISCLOSURE = {
  version: '2026-01',
  text:
    'You are chatting with an automated assistant, not a person. It explains how this service works and ' +
    'can summarise your own portfolio figures; it does not give personal investment, tax or legal advice, ' +
    'and it can be wrong. Do not share passwords, one-time codes or card numbers. Your messages are stored ' +
    'with your conversation until you delete it; feedback you mark as unhelpful may be reviewed, with ' +
    'personal details removed, to improve the answers. You can ask for a person at any time.',
}

export interface FeedbackInput {
  helpful?: boolean
  rating?: number
  comment?: string
  message_id?: number
}

export const isNegative = (f: { helpful?: boolean | null; rating?: number | null }) =>
  f.helpful === false || (typeof f.rating === 'number' && f.rating <= NEGATIVE_RATING_MAX)

type Kind = { kind: string; count: number }

/** Redacts each text; the kinds found are summed over all of them. */
function redactAll(texts: (string | null)[]) {
  const found = new Map<string, number>()
  const out = texts.map((t) => {
    if (t === null) return null
    const r = redactPii(t)
    for (const f of r.found) found.set(f.kind, (found.get(f.kind) ?? 0) + f.count)
    return r.text
  })
  return { out, found: [...found].map(([kind, count]): Kind => ({ kind, count })) }
}

export function candidateView(c: repo.CandidateRow) {
  return {
    candidate_id: c.id,
    candidate_type: c.candidate_type,
    status: c.status,
    conversation_id: c.conversation_id,
    helpful: c.helpful,
    rating: c.rating,
    comment: c.comment,
    question: c.question,
    answer: c.answer,
    pii_found: c.pii_found,
    reviewer_id: c.reviewer_id,
    review_note: c.review_note,
    reviewed_at: c.reviewed_at?.toISOString() ?? null,
    created_at: c.created_at.toISOString(),
  }
}

export class FeedbackService {
  constructor(private readonly deps: { scopes: Scopes; clock: Clock; conversations: ConversationsService }) {}

  async give(scope: RequestScope, conversationId: number, f: FeedbackInput) {
    if (f.helpful === undefined && f.rating === undefined && (f.comment ?? '').trim() === '')
      throw new UnprocessableError(
        'support.feedback_empty',
        'Send at least one of helpful, rating or comment',
      )
    return this.deps.conversations.owned(scope, conversationId, async (s, c) => {
      const now = this.deps.clock.now()
      const ex = await repo.exchange(s, c.id, f.message_id ?? null)
      if (f.message_id !== undefined && !ex)
        throw new NotFoundError('support.message_not_found', 'No such assistant message in this conversation')
      // Feedback judges a whole answer: one still being written has not said everything yet.
      if (ex && inProgress(ex.answer, now))
        throw new ConflictError(
          'support.answer_in_progress',
          'This answer is still being written; send feedback once it has finished',
        )
      const comment = f.comment?.trim() || null
      const fb = await repo.insertFeedback(
        s,
        {
          conversation_id: c.id,
          message_id: ex?.answer.id ?? null,
          user_id: scope.userId,
          helpful: f.helpful ?? null,
          rating: f.rating ?? null,
          comment,
        },
        now,
      )
      if (!isNegative(f)) return { feedback_id: fb.id, training_candidate_id: null }
      const { out, found } = redactAll([comment, ex?.question ?? null, ex?.answer.content ?? null])
      const cand = await repo.insertCandidate(
        s,
        {
          conversation_id: c.id,
          feedback_id: fb.id,
          helpful: f.helpful ?? null,
          rating: f.rating ?? null,
          comment: out[0]!,
          question: out[1]!,
          answer: out[2]!,
          pii_found: found,
        },
        now,
      )
      return { feedback_id: fb.id, training_candidate_id: cand.id }
    })
  }

  async candidates(tenantId: number, status: CandidateStatus | undefined, limit: number) {
    const rows = await this.deps.scopes.withTenant(tenantId, (s) => repo.listCandidates(s, status, limit))
    return { items: rows.map(candidateView) }
  }

  /** Approves or rejects a queued candidate; a decided one → 409. */
  async review(
    tenantId: number,
    reviewerId: number,
    id: number,
    status: 'approved' | 'rejected',
    note?: string,
  ) {
    const row = await this.deps.scopes.withTenant(tenantId, async (s) => {
      const c = await repo.findCandidate(s, id)
      if (!c) throw new NotFoundError('support.candidate_not_found', 'No such training candidate')
      if (c.status !== 'queued')
        throw new ConflictError('support.candidate_decided', `This candidate was already ${c.status}`)
      return repo.reviewCandidate(
        s,
        id,
        { status, reviewer_id: reviewerId, review_note: note?.trim() || null },
        this.deps.clock.now(),
      )
    })
    return candidateView(row)
  }

  async accept(scope: RequestScope, version: string) {
    if (version !== DISCLOSURE.version)
      throw new UnprocessableError(
        'support.disclosure_version',
        `The current disclosure is version ${DISCLOSURE.version}; read it (GET /api/support/ai/disclosure/status) and accept that version`,
      )
    const row = await this.deps.scopes.withTenant(scope.tenantId, (s) =>
      repo.upsertAcceptance(s, scope.userId, version, this.deps.clock.now()),
    )
    return { version: row.version, accepted_at: row.accepted_at.toISOString() }
  }

  async status(scope: RequestScope) {
    const row = await this.deps.scopes.withTenant(scope.tenantId, (s) =>
      repo.latestAcceptance(s, scope.userId),
    )
    return {
      current_version: DISCLOSURE.version,
      accepted: row?.version === DISCLOSURE.version,
      accepted_version: row?.version ?? null,
      accepted_at: row?.accepted_at.toISOString() ?? null,
      text: DISCLOSURE.text,
    }
  }
}
