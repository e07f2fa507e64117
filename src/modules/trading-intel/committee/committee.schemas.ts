/** Request and response schemas of the committee's operations. */
import { Type, type Static } from 'typebox'
import { Id, Nullable } from '../../../platform/http/schemas.ts'
import { Page, PageQuery } from '../../../platform/http/pagination.ts'
import { RunEventList, RunIdParams, RunStatusSchema } from '../../../platform/run-log/run-log.schemas.ts'
import { VOTING_ANALYSTS } from './lib/opinion.ts'

const SymbolIn = Type.String({
  minLength: 1,
  maxLength: 16,
  pattern: '^\\^?[A-Za-z0-9]{1,10}([.-][A-Za-z0-9]{1,5})?$',
  description: 'Ticker, e.g. AAPL',
})
const Json = Type.Record(Type.String(), Type.Unknown())

export const RunParams = RunIdParams('The run id (26-character ULID)')

const Weight = Type.Number({ minimum: 0, maximum: 10, description: 'Relative weight (≥ 0, at most 10)' })
const Member = Type.Object({ enabled: Type.Boolean(), weight: Weight })
const MemberPatch = Type.Object(
  { enabled: Type.Optional(Type.Boolean()), weight: Type.Optional(Weight) },
  { additionalProperties: false },
)
const Fraction = (description: string) => Type.Number({ minimum: 0, maximum: 1, description })
const riskFields = {
  max_position_weight: Fraction('Largest weight a position may reach (0.10 = 10 % of the account)'),
  max_size_per_decision: Fraction('Largest share of the account one decision may move (at conviction 1)'),
  min_conviction: Fraction('Below this conviction the decision is hold'),
}

export const Members = Type.Object({
  technical: Member,
  fundamental: Member,
  news_sentiment: Member,
  flow: Member,
  risk_manager: Member,
  portfolio_manager: Member,
})
const MembersPatch = Type.Object(
  {
    technical: Type.Optional(MemberPatch),
    fundamental: Type.Optional(MemberPatch),
    news_sentiment: Type.Optional(MemberPatch),
    flow: Type.Optional(MemberPatch),
    risk_manager: Type.Optional(MemberPatch),
    portfolio_manager: Type.Optional(MemberPatch),
  },
  { additionalProperties: false },
)
export const ConfigPatchBody = Type.Object(
  {
    members: Type.Optional(MembersPatch),
    risk: Type.Optional(
      Type.Object(
        {
          max_position_weight: Type.Optional(riskFields.max_position_weight),
          max_size_per_decision: Type.Optional(riskFields.max_size_per_decision),
          min_conviction: Type.Optional(riskFields.min_conviction),
        },
        { additionalProperties: false },
      ),
    ),
    model: Type.Optional(
      Type.Boolean({
        description: 'Let the language model make the decision (when configured and on the plan)',
      }),
    ),
  },
  { additionalProperties: false },
)
export type ConfigPatchInput = Static<typeof ConfigPatchBody>

export const ModelStatus = Type.Object({
  requested: Type.Boolean(),
  provider_configured: Type.Boolean(),
  plan_allows: Type.Boolean({
    description: 'The plan feature `committee_model` (Premium): the model may decide (runs need no feature)',
  }),
  active: Type.Boolean({ description: 'requested and configured and allowed' }),
  reason: Nullable(Type.String()),
})

export const ConfigView = Type.Object({
  members: Members,
  risk: Type.Object(riskFields),
  model: Type.Boolean(),
  is_default: Type.Boolean({ description: 'True until the first PATCH' }),
  updated_at: Nullable(Type.String({ format: 'date-time' })),
  model_status: ModelStatus,
})

export const CreateRunBody = Type.Object(
  {
    symbol: SymbolIn,
    account_id: Type.Optional(Id({ description: 'Size against this account (default: all)' })),
  },
  { additionalProperties: false },
)

export const Accepted = Type.Object({
  run_id: Type.String(),
  status: RunStatusSchema,
  retry_of: Nullable(Type.String()),
})

export const Opinion = Type.Object({
  analyst: Type.Enum(VOTING_ANALYSTS),
  status: Type.Enum(['ok', 'unavailable']),
  score: Nullable(Type.Number({ minimum: -1, maximum: 1 })),
  confidence: Nullable(Type.Number({ minimum: 0, maximum: 1 })),
  stance: Nullable(Type.Enum(['bullish', 'bearish', 'neutral'])),
  evidence: Json,
  summary: Type.String(),
  reason: Type.Optional(Type.String()),
})

export const Decision = Type.Object({
  action: Type.Enum(['buy', 'sell', 'hold']),
  conviction: Type.Number({ minimum: 0, maximum: 1 }),
  weighted_score: Type.Number({ minimum: -1, maximum: 1 }),
  size: Type.Object({
    shares: Type.Integer({ minimum: 0 }),
    percent_of_account: Type.Number({ minimum: 0, maximum: 1 }),
    price: Nullable(Type.Number()),
    account_value: Type.Number(),
    capped_by: Nullable(Type.String()),
  }),
  rationale: Type.String(),
  method: Type.Enum(['rules', 'model']),
  evidence: Json,
})

export const RunView = Type.Object({
  run_id: Type.String(),
  symbol: Type.String(),
  account_id: Nullable(Type.Integer()),
  status: RunStatusSchema,
  retry_of: Nullable(Type.String()),
  model: Type.Object({ requested: Type.Boolean(), active: Type.Boolean(), reason: Nullable(Type.String()) }),
  opinions: Type.Array(Opinion),
  decision: Nullable(Decision),
  error: Nullable(
    Type.Object({ code: Type.String(), detail: Type.String() }, { additionalProperties: true }),
  ),
  created_at: Type.String({ format: 'date-time' }),
  started_at: Nullable(Type.String({ format: 'date-time' })),
  finished_at: Nullable(Type.String({ format: 'date-time' })),
})

export const RunSummary = Type.Object({
  run_id: Type.String(),
  symbol: Type.String(),
  status: RunStatusSchema,
  retry_of: Nullable(Type.String()),
  action: Nullable(Type.Enum(['buy', 'sell', 'hold'])),
  conviction: Nullable(Type.Number()),
  created_at: Type.String({ format: 'date-time' }),
  finished_at: Nullable(Type.String({ format: 'date-time' })),
})
export const RunPage = Page(RunSummary)
export const ListQuery = Type.Object({ ...PageQuery.properties, symbol: Type.Optional(SymbolIn) })

export const EventList = RunEventList({ description: 'Pass as `after` to poll for newer events' })

export const Promoted = Type.Object({
  run_id: Type.String(),
  created: Type.Boolean({ description: 'false when the run was promoted before (the same recommendation)' }),
  recommendation: Type.Object(
    { id: Type.Integer(), symbol: Type.String(), action: Type.String(), confidence: Type.Number() },
    { additionalProperties: true, description: 'The recommendation as GET /recommendations/{id} answers it' },
  ),
})
