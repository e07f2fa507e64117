/** Request and response schemas of /api/support/ai (conversations, turns, feedback, disclosure, quota). */
import { type Static, Type } from 'typebox'
import { Id, MULTI_LINE, NOT_BLANK, Nullable } from '../../../platform/http/schemas.ts'
import { PageQuery } from '../../../platform/http/pagination.ts'
import { CANDIDATE_STATUSES, CONVERSATION_STATUSES, FINISHES } from './assistant.tables.ts'

export const TITLE_MAX = 200
export const CONTENT_MAX = 4000
export const COMMENT_MAX = 2000
export const REASON_MAX = 2000

const When = Type.String({ format: 'date-time' })
const Status = Type.Enum([...CONVERSATION_STATUSES], { description: 'open, or escalated (read-only)' })

export const ConversationParams = Type.Object({ conversation_id: Id() })
export const CandidateParams = Type.Object({ candidate_id: Id() })

export const CreateBody = Type.Object(
  { title: Type.Optional(Type.String({ minLength: 1, maxLength: TITLE_MAX, pattern: NOT_BLANK })) },
  { additionalProperties: false },
)
export const Created = Type.Object({
  conversation_id: Type.Integer(),
  title: Type.String(),
  status: Type.Literal('open'),
  created_at: When,
})

export const ListQuery = Type.Object({
  page: PageQuery.properties.page,
  page_size: PageQuery.properties.page_size,
})
export const ConversationItem = Type.Object({
  conversation_id: Type.Integer(),
  title: Type.String(),
  status: Status,
  created_at: When,
  updated_at: When,
  message_count: Type.Integer({ minimum: 0 }),
})
export const ConversationList = Type.Object({
  items: Type.Array(ConversationItem),
  page: Type.Integer({ minimum: 1 }),
  page_size: Type.Integer(),
  total: Type.Integer({ minimum: 0 }),
})

export const IntentView = Type.Object({
  label: Type.String({ description: 'What the classifier took the message for' }),
  allowed: Type.Boolean(),
  reason: Type.String({ description: 'Why, in plain words' }),
})
export const SourceView = Type.Object({ title: Type.String(), slug: Type.String() })
export const MessageView = Type.Object({
  message_id: Type.Integer(),
  role: Type.Enum(['user', 'assistant']),
  content: Type.String({ description: 'For the assistant: exactly the text the output filter released' }),
  created_at: When,
  intent: Nullable(IntentView),
  sources: Type.Array(SourceView),
  filtered: Type.Boolean({ description: 'The output filter changed or removed something' }),
  finish: Nullable(
    Type.Enum([...FINISHES], {
      description:
        'How an assistant turn ended; null for user turns and for an answer still being written (`in_progress`)',
    }),
  ),
  in_progress: Type.Boolean({
    description:
      'An assistant answer still being streamed (its `content` is stored when it ends); false for user turns ' +
      'and finished answers. An answer whose stream stopped without finishing (the server went away) reads ' +
      '`in_progress: false, finish: "interrupted"` within 45 seconds',
  }),
  tools: Type.Array(
    Type.Object({
      name: Type.String({
        description: 'explain_feature, search_help or summarise_portfolio (read-only)',
      }),
    }),
    {
      description:
        'The read-only tools the assistant called for this answer, in the order called (a tool called twice is listed twice); empty for user turns and for answers that used none',
    },
  ),
})
export const ConversationView = Type.Object({
  conversation_id: Type.Integer(),
  title: Type.String(),
  status: Status,
  created_at: When,
  updated_at: When,
  escalation: Nullable(
    Type.Object({ escalated_at: When, reason: Nullable(Type.String()), ticket_form_url: Type.String() }),
  ),
  messages: Type.Array(MessageView),
})
export const Deleted = Type.Object({ conversation_id: Type.Integer(), deleted: Type.Literal(true) })

export const MessageBody = Type.Object(
  { content: Type.String({ minLength: 1, maxLength: CONTENT_MAX, pattern: MULTI_LINE }) },
  { additionalProperties: false },
)
export type MessageInput = Static<typeof MessageBody>

const Quota = Type.Object({ used: Type.Integer(), limit: Type.Integer(), resets_at: When })
/** Every JSON answer of a turn: a typed outcome (the fields each outcome has are listed in the description). */
export const TurnOutcome = Type.Object({
  outcome: Type.Enum([
    'master_flag_off',
    'quota_exhausted',
    'cost_cap_reached',
    'refused',
    'runtime_not_wired',
  ]),
  degraded: Type.Boolean(),
  message: Type.String(),
  quota: Type.Optional(Quota),
  user_message_id: Type.Optional(Type.Integer()),
  intent: Type.Optional(IntentView),
})

export const FeedbackBody = Type.Object(
  {
    helpful: Type.Optional(Type.Boolean()),
    rating: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
    comment: Type.Optional(Type.String({ maxLength: COMMENT_MAX, pattern: MULTI_LINE })),
    message_id: Type.Optional(
      Id({ description: 'The assistant turn the feedback is about; default: the latest one' }),
    ),
  },
  { additionalProperties: false },
)
export const FeedbackOut = Type.Object({
  feedback_id: Type.Integer(),
  training_candidate_id: Nullable(Type.Integer()),
})

export const EscalateBody = Type.Object(
  { reason: Type.Optional(Type.String({ maxLength: REASON_MAX, pattern: MULTI_LINE })) },
  { additionalProperties: false },
)
export const Escalated = Type.Object({
  conversation_id: Type.Integer(),
  status: Type.Literal('escalated'),
  ticket_form_url: Type.String(),
})

export const AcceptBody = Type.Object(
  { version: Type.String({ minLength: 1, maxLength: 32, pattern: '^[0-9A-Za-z._-]+$' }) },
  { additionalProperties: false },
)
export const Accepted = Type.Object({ version: Type.String(), accepted_at: When })
export const DisclosureStatus = Type.Object({
  current_version: Type.String(),
  accepted: Type.Boolean({ description: 'The current version is accepted' }),
  accepted_version: Nullable(Type.String()),
  accepted_at: Nullable(When),
  text: Type.String(),
})

export const QuotaOut = Type.Object({
  used: Type.Integer({ description: 'User turns your tenant sent today (UTC)' }),
  limit: Type.Integer(),
  remaining: Type.Integer({ minimum: 0 }),
  resets_at: When,
  tokens_used: Type.Integer({ description: 'Model tokens your tenant used today (UTC)' }),
  tokens_limit: Type.Integer(),
  per_minute: Type.Integer({ description: 'User turns each user may send per minute' }),
})

export const CandidateQuery = Type.Object({
  status: Type.Optional(Type.Enum([...CANDIDATE_STATUSES])),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'At most 100; default 50' })),
  tenant_id: Type.Optional(Id({ description: 'Another tenant (administrators); default: your own' })),
})
export const TenantQuery = Type.Object({ tenant_id: CandidateQuery.properties.tenant_id })
export const ReviewBody = Type.Object(
  { note: Type.Optional(Type.String({ maxLength: REASON_MAX, pattern: MULTI_LINE })) },
  { additionalProperties: false },
)
export const Candidate = Type.Object({
  candidate_id: Type.Integer(),
  candidate_type: Type.Literal('negative_feedback'),
  status: Type.Enum([...CANDIDATE_STATUSES]),
  conversation_id: Nullable(Type.Integer({ description: 'null once the conversation was deleted' })),
  helpful: Nullable(Type.Boolean()),
  rating: Nullable(Type.Integer()),
  comment: Nullable(Type.String({ description: 'PII-redacted' })),
  question: Nullable(Type.String({ description: 'The user turn before the answer, PII-redacted' })),
  answer: Nullable(Type.String({ description: 'The answer the feedback is about, PII-redacted' })),
  pii_found: Type.Array(Type.Object({ kind: Type.String(), count: Type.Integer() })),
  reviewer_id: Nullable(Type.Integer()),
  review_note: Nullable(Type.String()),
  reviewed_at: Nullable(When),
  created_at: When,
})
export const CandidateList = Type.Object({ items: Type.Array(Candidate) })

// Help articles
export const HELP_QUERY_MAX = 200
export const HELP_LIMIT_DEFAULT = 10
export const HelpQuery = Type.Object({
  q: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: HELP_QUERY_MAX,
      pattern: NOT_BLANK,
      description: 'Words to search for (one line, not blank); without it the whole catalogue',
    }),
  ),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 100,
      description: `At most this many search hits (1–100; default ${HELP_LIMIT_DEFAULT}); ignored without \`q\``,
    }),
  ),
})
const Slug = Type.String({ minLength: 1, maxLength: 100, pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' })
export const HelpParams = Type.Object({ slug: Slug })
const HelpTags = Type.Array(Type.String(), { description: 'Words the article is about' })
export const HelpItem = Type.Object({
  slug: Type.String(),
  title: Type.String(),
  tags: HelpTags,
  passage: Nullable(
    Type.String({
      description: 'The best-matching passage as plain text, at most 280 characters; null without `q`',
    }),
  ),
  score: Nullable(
    Type.Number({ description: 'Relevance (BM25+, higher is better, 2 decimals); null without `q`' }),
  ),
})
export const HelpList = Type.Object({
  q: Nullable(Type.String({ description: 'The search, trimmed; null for the catalogue' })),
  items: Type.Array(HelpItem),
})
export const HelpArticleOut = Type.Object({
  slug: Type.String(),
  title: Type.String(),
  tags: HelpTags,
  body: Type.String({ description: 'Markdown: `##` headings, paragraphs, `-` lists, `**bold**`' }),
})
