/**
 * Support cases: a customer opens one, reads it with the public comments and replies; support
 * lists a tenant's cases, replies publicly or writes internal notes, and moves the status
 * (lib/transitions.ts). Internal notes never reach the customer: every customer read filters on
 * `public`. A public support reply notifies the customer in-app.
 */
import type { Logger } from 'pino'
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes, TenantScope } from '../../../platform/db/index.ts'
import { ConflictError, NotFoundError, UnprocessableError } from '../../../platform/http/errors.ts'
import { resolvePage, toPage } from '../../../platform/http/pagination.ts'
import * as repo from './cases.repository.ts'
import type * as S from './cases.schemas.ts'
import { ALLOWED, acceptsComments, afterComment, canSet, type CaseStatus } from './lib/transitions.ts'

/** Tells a customer that support answered their case (the notifications module, in-app). */
export type ReplyNotifier = (n: { tenantId: number; userId: number; caseId: number; commentId: number; subject: string }) => Promise<void>

export interface CasesDeps {
  scopes: Scopes
  clock: Clock
  log: Logger
  notifyReply: ReplyNotifier
}

const notFound = () => new NotFoundError('support.case_not_found', 'No such support case')
const closed = (id: number) =>
  new ConflictError('support.case_closed', `Case ${id} is closed: it takes no more comments`)

/** Trimmed text, or a 422 on `field` when nothing but blanks is left. */
function text(value: string, field: string): string {
  const out = value.trim()
  if (!out) throw UnprocessableError.field(['body', field], 'must not be blank')
  return out
}

export class CasesService {
  constructor(private readonly deps: CasesDeps) {}

  private tx<T>(tenantId: number, fn: (s: TenantScope) => Promise<T>): Promise<T> {
    return this.deps.scopes.withTenant(tenantId, fn)
  }

  async list(scope: RequestScope, q: S.CaseListQueryInput) {
    const req = resolvePage(q, 25)
    const f = { userId: scope.userId, ...(q.status_filter ? { status: q.status_filter } : {}) }
    const { rows, total } = await this.tx(scope.tenantId, async (s) => ({
      rows: await repo.listCases(s, f, req.offset, req.pageSize),
      total: await repo.countCases(s, f),
    }))
    // Offset pages: the next page is asked for by number, so no cursor is handed out.
    return { ...toPage(rows, req, (r) => [r.id], itemView, total), next_cursor: null }
  }

  async create(scope: RequestScope, b: S.CaseInputBody): Promise<S.CaseOut> {
    const input = {
      user_id: scope.userId,
      subject: text(b.subject, 'subject'),
      body: text(b.body, 'body'),
      category: b.category ?? 'other',
      conversation_id: b.conversation_id ?? null,
    }
    const row = await this.tx(scope.tenantId, (s) => repo.insertCase(s, input, this.deps.clock.now()))
    return { ...caseView(row), comments: [] }
  }

  /** The caller's case with its public comments; another user's or tenant's → 404. */
  async get(scope: RequestScope, id: number): Promise<S.CaseOut> {
    return this.tx(scope.tenantId, async (s) => {
      const row = await repo.findCase(s, id, scope.userId)
      if (!row) throw notFound()
      const comments = await repo.listComments(s, id, true)
      return { ...caseView(row), comments: comments.map((c) => customerComment(c)) }
    })
  }

  /** The customer's reply: reopens a pending or resolved case; a closed one → 409. */
  async comment(scope: RequestScope, id: number, b: S.CommentInputBody): Promise<S.CommentOut> {
    const body = text(b.body, 'body')
    return this.tx(scope.tenantId, async (s) => {
      const row = await repo.lockCase(s, id, scope.userId)
      if (!row) throw notFound()
      if (!acceptsComments(row.status)) throw closed(id)
      const now = this.deps.clock.now()
      const c = await repo.insertComment(
        s,
        { case_id: id, author_user_id: scope.userId, author_kind: 'customer', public: true, body },
        now,
      )
      await repo.setStatus(s, id, afterComment(row.status, 'customer', true), now)
      return customerComment(c)
    })
  }

  async adminList(tenantId: number, q: S.AdminCaseListQueryInput) {
    const req = resolvePage(q, 25)
    const f = {
      ...(q.user_id ? { userId: q.user_id } : {}),
      ...(q.status_filter ? { status: q.status_filter } : {}),
      ...(q.category ? { category: q.category } : {}),
    }
    const { rows, total } = await this.tx(tenantId, async (s) => ({
      rows: await repo.listCases(s, f, req.offset, req.pageSize),
      total: await repo.countCases(s, f),
    }))
    const page = toPage(rows, req, (r) => [r.id], adminItemView, total)
    return { ...page, next_cursor: null }
  }

  async adminGet(tenantId: number, id: number): Promise<S.AdminCaseOut> {
    return this.tx(tenantId, async (s) => {
      const row = await repo.findCase(s, id)
      if (!row) throw notFound()
      return adminCaseView(row, await repo.listComments(s, id, false))
    })
  }

  /** Support's reply (`public`) or internal note; a public reply on an open case makes it pending. */
  async adminComment(
    scope: RequestScope,
    tenantId: number,
    id: number,
    b: S.AdminCommentInputBody,
  ): Promise<S.AdminCommentOut> {
    const body = text(b.body, 'body')
    const { c, row } = await this.tx(tenantId, async (s) => {
      const row = await repo.lockCase(s, id)
      if (!row) throw notFound()
      if (!acceptsComments(row.status)) throw closed(id)
      const now = this.deps.clock.now()
      const c = await repo.insertComment(
        s,
        { case_id: id, author_user_id: scope.userId, author_kind: 'support', public: b.public, body },
        now,
      )
      const next = afterComment(row.status, 'support', b.public)
      // An internal note leaves the case as it was, updated_at included: the customer sees no change.
      if (b.public) await repo.setStatus(s, id, next, now)
      return { c, row }
    })
    if (b.public) await this.notify({ tenantId, userId: row.user_id, caseId: id, commentId: c.id, subject: row.subject })
    return adminComment(c)
  }

  /** Sets the status if the transition is allowed; otherwise 409 naming the allowed ones. */
  async adminSetStatus(tenantId: number, id: number, status: CaseStatus): Promise<S.AdminCaseOut> {
    return this.tx(tenantId, async (s) => {
      const row = await repo.lockCase(s, id)
      if (!row) throw notFound()
      if (!canSet(row.status, status)) {
        const allowed = ALLOWED[row.status]
        throw new ConflictError(
          'support.case_transition_invalid',
          `A ${row.status} case cannot become ${status}; allowed: ${allowed.length ? allowed.join(', ') : 'none (closed is final)'}`,
          { extra: { from: row.status, to: status, allowed } },
        )
      }
      const next = row.status === status ? row : await repo.setStatus(s, id, status, this.deps.clock.now())
      return adminCaseView(next, await repo.listComments(s, id, false))
    })
  }

  private async notify(n: Parameters<ReplyNotifier>[0]): Promise<void> {
    try {
      await this.deps.notifyReply(n)
    } catch (err) {
      // The reply is stored and readable; only the heads-up is missing.
      this.deps.log.warn({ err, case_id: n.caseId }, 'support cases: reply notification failed')
    }
  }
}

const iso = (d: Date) => d.toISOString()

function caseView(r: repo.CaseRow): Omit<S.CaseOut, 'comments'> {
  return {
    case_id: r.id,
    subject: r.subject,
    body: r.body,
    category: r.category,
    status: r.status,
    conversation_id: r.conversation_id,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  }
}

function itemView(r: repo.CaseListRow): S.CaseItemOut {
  return {
    case_id: r.id,
    subject: r.subject,
    category: r.category,
    status: r.status,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    comment_count: r.comment_count,
  }
}

const adminItemView = (r: repo.CaseListRow): S.AdminCaseItemOut => ({
  ...itemView(r),
  user_id: r.user_id,
  conversation_id: r.conversation_id,
  internal_count: r.internal_count,
})

const customerComment = (c: repo.CommentRow): S.CommentOut => ({
  comment_id: c.id,
  author: c.author_kind === 'customer' ? 'you' : 'support',
  body: c.body,
  created_at: iso(c.created_at),
})

const adminComment = (c: repo.CommentRow): S.AdminCommentOut => ({
  comment_id: c.id,
  author: c.author_kind,
  author_user_id: c.author_user_id,
  public: c.public,
  body: c.body,
  created_at: iso(c.created_at),
})

function adminCaseView(r: repo.CaseRow, comments: repo.CommentRow[]): S.AdminCaseOut {
  return {
    ...caseView(r),
    user_id: r.user_id,
    allowed_statuses: [...ALLOWED[r.status]],
    comments: comments.map(adminComment),
  }
}
