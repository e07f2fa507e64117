/** Schemas of /api/moderation (the guard, the caller's actions and appeals) and the admin review. */
import { type Static, Type } from 'typebox'
import { Id, MultilineText, Nullable } from '../../../platform/http/schemas.ts'
import { CATEGORIES } from './lib/verdict.ts'
import { APPEAL_STATUSES } from './moderation.tables.ts'

export const CONTENT_MAX = 20_000
export const REASON_MAX = 2_000

const Time = Type.String({ format: 'date-time' })
const Category = Type.Enum([...CATEGORIES])
const AppealStatus = Type.Enum([...APPEAL_STATUSES], { description: 'open, upheld or reversed' })

export const GuardInput = Type.Object(
  {
    content: MultilineText({ minLength: 1, maxLength: CONTENT_MAX, description: 'The text to check' }),
    context: Type.Optional(
      Type.Object(
        {
          surface: Type.Optional(
            Type.String({
              minLength: 1,
              maxLength: 64,
              pattern: '^[a-z][a-z0-9_.-]*$',
              description: 'Where the content is going, e.g. `watchlist.note`, `community.post`',
            }),
          ),
          reference: Type.Optional(
            Type.String({
              minLength: 1,
              maxLength: 200,
              pattern: '^[\\x21-\\x7e]+$',
              description: 'Your id of the content (visible ASCII, no blanks)',
            }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
)
export type GuardInputBody = Static<typeof GuardInput>

export const Reason = Type.Object({
  category: Category,
  rule: Type.String({ description: 'A rule id (`pump.multiplier`) or `classifier:<vendor category>`' }),
  excerpt: Type.String({ description: 'The words that matched, at most 120 characters' }),
})

export const Scores = Type.Object(
  Object.fromEntries(CATEGORIES.map((c) => [c, Type.Number({ minimum: 0, maximum: 1 })])) as Record<
    (typeof CATEGORIES)[number],
    ReturnType<typeof Type.Number>
  >,
)

export const GuardResult = Type.Object({
  verdict: Type.Enum(['allow', 'flag', 'block']),
  categories: Type.Array(Category, { description: 'Categories scoring 0.5 or more, highest first' }),
  scores: Scores,
  action_id: Nullable(Type.Integer({ description: 'The action taken against you on a block' })),
  reasons: Type.Array(Reason),
  sources: Type.Array(Type.Enum(['rules', 'openai']), { description: 'What judged the text' }),
  classifier: Type.Enum(['used', 'not_configured', 'unavailable']),
  degraded: Type.Boolean({ description: 'true: the classifier failed and the rules judged alone' }),
})
export type GuardResultOut = Static<typeof GuardResult>

export const ListQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'At most 100; default 50' })),
})

export const ActionParams = Type.Object({ action_id: Id() })
export const AppealParams = Type.Object({ appeal_id: Id() })

export const Action = Type.Object({
  action_id: Type.Integer(),
  kind: Type.Enum(['content_blocked']),
  status: Type.Enum(['active', 'reversed']),
  categories: Type.Array(Category),
  reasons: Type.Array(Reason),
  automated: Type.Boolean(),
  sources: Type.Array(Type.Enum(['rules', 'openai'])),
  surface: Nullable(Type.String()),
  reference: Nullable(Type.String()),
  created_at: Time,
  appealable_until: Time,
  reversed_at: Nullable(Time),
  statement: Type.String({ description: 'The statement of reasons' }),
  how_to_appeal: Type.String(),
  appeal: Nullable(Type.Object({ appeal_id: Type.Integer(), status: AppealStatus })),
})
export type ActionOut = Static<typeof Action>
export const ActionList = Type.Object({ items: Type.Array(Action) })

const Reviewed = (description: string) =>
  MultilineText({ minLength: 1, maxLength: REASON_MAX, description })

export const AppealInput = Type.Object(
  { reason: Reviewed('Why the action is wrong, in your words') },
  { additionalProperties: false },
)

export const Appeal = Type.Object({
  appeal_id: Type.Integer(),
  action_id: Type.Integer(),
  status: AppealStatus,
  reason: Type.String(),
  reviewer_reason: Nullable(Type.String({ description: 'The reviewer’s stated reason, once decided' })),
  decided_at: Nullable(Time),
  created_at: Time,
  decide_by: Type.String({ format: 'date-time', description: 'When a person will have decided' }),
})
export type AppealOut = Static<typeof Appeal>
export const AppealList = Type.Object({ items: Type.Array(Appeal) })

export const AdminAppealQuery = Type.Object({
  status: Type.Optional(AppealStatus),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'At most 100; default 50' })),
  tenant_id: Type.Optional(Id({ description: 'Another tenant (administrators); default: your own' })),
})
export const TenantQuery = Type.Object({
  tenant_id: Type.Optional(Id({ description: 'Another tenant (administrators); default: your own' })),
})

export const DecidedAppeal = Type.Object({
  ...Appeal.properties,
  user_id: Type.Integer(),
  reviewer_user_id: Nullable(Type.Integer()),
})
export type DecidedAppealOut = Static<typeof DecidedAppeal>

export const AdminAppeal = Type.Object({
  ...DecidedAppeal.properties,
  action: Type.Object({
    categories: Type.Array(Category),
    reasons: Type.Array(Reason),
    surface: Nullable(Type.String()),
    reference: Nullable(Type.String()),
    created_at: Time,
  }),
})
export type AdminAppealOut = Static<typeof AdminAppeal>
export const AdminAppealList = Type.Object({ items: Type.Array(AdminAppeal) })

export const DecideInput = Type.Object(
  {
    decision: Type.Enum(['uphold', 'reverse'], { description: 'uphold: the action stands; reverse: it is lifted' }),
    reason: Reviewed('The reason the appellant reads (required)'),
  },
  { additionalProperties: false },
)
export type DecideInputBody = Static<typeof DecideInput>
