/** /api/support/ai/cases: the caller's human support cases (public comments only). */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import * as X from './cases.examples.ts'
import * as S from './cases.schemas.ts'
import type { CasesService } from './cases.service.ts'

const tags = ['support']
const BASE = '/api/support/ai/cases'
const STATES =
  'States: `open` (support acts), `pending` (support answered, waiting on you), `resolved`, `closed` (final). ' +
  'Your comment reopens a pending or resolved case.'

export function casesRoutes(app: App, cases: CasesService): void {
  app.get(
    BASE,
    {
      schema: {
        operationId: 'listSupportCases',
        summary: 'Your support cases, most recently updated first',
        description:
          '`status_filter`: one of open, pending, resolved, closed (anything else → 422). Pages by number: ' +
          '`page` (1-based) and `page_size` 25, 50 or 100 (or `limit` up to 100; default 25); `total` counts the ' +
          `matching cases. \`comment_count\` counts the comments you can read. ${STATES}`,
        examples: {
          query: { status_filter: 'pending', page: 1, page_size: 25 },
          200: {
            description: 'A page',
            value: { items: [X.CASE_ITEM_EXAMPLE], next_cursor: null, page: 1, page_size: 25, total: 1 },
          },
        },
        tags,
        querystring: S.CaseListQuery,
        response: { 200: S.CasePage, ...problems(401, 422) },
      },
    },
    (req) => cases.list(scopeOf(req), req.query),
  )
  app.post(
    BASE,
    {
      schema: {
        operationId: 'createSupportCase',
        summary: 'Open a support case with a human',
        description:
          `\`subject\` 1–${S.SUBJECT_MAX} characters on one line, \`body\` 1–${S.BODY_MAX} (line breaks kept); ` +
          '`category` account, billing, brokers, data, bug or other (default other); `conversation_id` links the ' +
          'assistant conversation you escalated (kept as given). The case starts `open`.',
        examples: {
          body: {
            subject: X.CASE_EXAMPLE.subject,
            body: X.CASE_EXAMPLE.body,
            category: 'brokers',
            conversation_id: 4021,
          },
          200: { description: 'Opened', value: X.NEW_CASE_EXAMPLE },
        },
        tags,
        body: S.CaseInput,
        response: { 200: S.Case, ...problems(401, 422) },
      },
    },
    (req) => cases.create(scopeOf(req), req.body),
  )
  itemRoutes(app, cases)
}

function itemRoutes(app: App, cases: CasesService): void {
  app.get(
    `${BASE}/:case_id`,
    {
      schema: {
        operationId: 'getSupportCase',
        summary: 'One of your support cases with its public comments',
        description:
          'Comments oldest first, `author` you or support; support’s internal notes are never shown. ' +
          'Another user’s case or an unknown id → 404 `support.case_not_found`.',
        examples: { params: { case_id: 58 }, 200: { description: 'The case', value: X.CASE_EXAMPLE } },
        tags,
        params: S.CaseParams,
        response: { 200: S.Case, ...problems(401, 404, 422) },
      },
    },
    (req) => cases.get(scopeOf(req), req.params.case_id),
  )
  app.post(
    `${BASE}/:case_id/comments`,
    {
      schema: {
        operationId: 'commentSupportCase',
        summary: 'Reply on one of your support cases',
        description:
          `\`body\` 1–${S.BODY_MAX} characters. A pending or resolved case goes back to \`open\`; a closed case ` +
          'takes no comments → 409 `support.case_closed`. Another user’s case → 404.',
        examples: {
          params: { case_id: 58 },
          body: { body: 'Reconnected — it synced. Thanks!' },
          200: {
            description: 'Added',
            value: { ...X.COMMENT_EXAMPLE, author: 'you', body: 'Reconnected — it synced. Thanks!' },
          },
        },
        tags,
        params: S.CaseParams,
        body: S.CommentInput,
        response: { 200: S.Comment, ...problems(401, 404, 409, 422) },
      },
    },
    (req) => cases.comment(scopeOf(req), req.params.case_id, req.body),
  )
}
