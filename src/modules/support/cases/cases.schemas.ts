/** Schemas of the support cases: the customer's (/api/support/ai/cases) and support's (/api/admin/support/cases). */
import { type Static, Type } from 'typebox'
import { Page, PAGE_SIZES, MAX_LIMIT } from '../../../platform/http/pagination.ts'
import { Id, MultilineText, Name, Nullable } from '../../../platform/http/schemas.ts'
import { CASE_CATEGORIES } from './cases.tables.ts'
import { CASE_STATUSES } from './lib/transitions.ts'

export const SUBJECT_MAX = 200
export const BODY_MAX = 10_000

const Status = Type.Enum([...CASE_STATUSES], { description: 'open, pending, resolved or closed' })
const Category = Type.Enum([...CASE_CATEGORIES], {
  description: 'account, billing, brokers, data, bug or other',
})
const Body = MultilineText({ minLength: 1, maxLength: BODY_MAX, description: 'Plain text; line breaks kept' })
const Time = Type.String({ format: 'date-time' })

const PageFields = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, description: '1-based page number' })),
  page_size: Type.Optional(
    Type.Integer({ enum: [...PAGE_SIZES], description: 'Items per page: 25, 50 or 100; overrides limit' }),
  ),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_LIMIT, description: `Page size, at most ${MAX_LIMIT}` }),
  ),
}

export const CaseListQuery = Type.Object({
  status_filter: Type.Optional(Status),
  ...PageFields,
})
export type CaseListQueryInput = Static<typeof CaseListQuery>

export const AdminCaseListQuery = Type.Object({
  status_filter: Type.Optional(Status),
  category: Type.Optional(Category),
  user_id: Type.Optional(Id({ description: 'Only the cases this customer opened' })),
  tenant_id: Type.Optional(Id({ description: 'Another tenant (administrators); default: your own' })),
  ...PageFields,
})
export type AdminCaseListQueryInput = Static<typeof AdminCaseListQuery>

export const TenantQuery = Type.Object({
  tenant_id: Type.Optional(Id({ description: 'Another tenant (administrators); default: your own' })),
})
export const CaseParams = Type.Object({ case_id: Id() })

export const CaseInput = Type.Object(
  {
    subject: Name(SUBJECT_MAX),
    body: Body,
    category: Type.Optional(Category),
    conversation_id: Type.Optional(
      Id({ description: 'The assistant conversation this case continues (from its escalation)' }),
    ),
  },
  { additionalProperties: false },
)
export type CaseInputBody = Static<typeof CaseInput>

export const CommentInput = Type.Object({ body: Body }, { additionalProperties: false })
export type CommentInputBody = Static<typeof CommentInput>

export const AdminCommentInput = Type.Object(
  {
    body: Body,
    public: Type.Boolean({ description: 'true: a reply the customer reads; false: an internal note' }),
  },
  { additionalProperties: false },
)
export type AdminCommentInputBody = Static<typeof AdminCommentInput>

export const StatusInput = Type.Object({ status: Status }, { additionalProperties: false })

export const Comment = Type.Object({
  comment_id: Type.Integer(),
  author: Type.Enum(['you', 'support'], { description: 'you: the customer; support: an agent' }),
  body: Type.String(),
  created_at: Time,
})
export type CommentOut = Static<typeof Comment>

const caseFields = {
  case_id: Type.Integer(),
  subject: Type.String(),
  category: Category,
  status: Status,
  created_at: Time,
  updated_at: Time,
}

export const CaseItem = Type.Object({
  ...caseFields,
  comment_count: Type.Integer({ minimum: 0, description: 'Public comments (what you can read)' }),
})
export type CaseItemOut = Static<typeof CaseItem>
export const CasePage = Page(CaseItem)

export const Case = Type.Object({
  ...caseFields,
  body: Type.String(),
  conversation_id: Nullable(Type.Integer()),
  comments: Type.Array(Comment, { description: 'Public comments, oldest first' }),
})
export type CaseOut = Static<typeof Case>

export const AdminComment = Type.Object({
  comment_id: Type.Integer(),
  author: Type.Enum(['customer', 'support']),
  author_user_id: Type.Integer(),
  public: Type.Boolean({ description: 'false: an internal note, never shown to the customer' }),
  body: Type.String(),
  created_at: Time,
})
export type AdminCommentOut = Static<typeof AdminComment>

export const AdminCaseItem = Type.Object({
  ...caseFields,
  user_id: Type.Integer(),
  conversation_id: Nullable(Type.Integer()),
  comment_count: Type.Integer({ minimum: 0, description: 'Public comments' }),
  internal_count: Type.Integer({ minimum: 0, description: 'Internal notes' }),
})
export type AdminCaseItemOut = Static<typeof AdminCaseItem>
export const AdminCasePage = Page(AdminCaseItem)

export const AdminCase = Type.Object({
  ...caseFields,
  body: Type.String(),
  user_id: Type.Integer(),
  conversation_id: Nullable(Type.Integer()),
  allowed_statuses: Type.Array(Status, { description: 'The statuses an agent may set next' }),
  comments: Type.Array(AdminComment, { description: 'Public comments and internal notes, oldest first' }),
})
export type AdminCaseOut = Static<typeof AdminCase>
