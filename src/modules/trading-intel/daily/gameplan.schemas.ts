/** GET /gameplan: the query and the plan document. */
import { Type, type Static } from 'typebox'
import { Id, Nullable } from '../../../platform/http/schemas.ts'

export const GameplanQuery = Type.Object({
  account_id: Type.Optional(Id({ description: "One account of the tenant's; default all of them" })),
  tenant_id: Type.Optional(Id({ description: 'Administrators only: read another tenant' })),
})
export type GameplanQuery = Static<typeof GameplanQuery>

export const RELEVANCE = ['held', 'watched', 'sector_exposure'] as const
export type Relevance = (typeof RELEVANCE)[number]
export const EVENT_TYPES = ['earnings', 'ex_dividend', 'index', 'economic'] as const
export type EventType = (typeof EVENT_TYPES)[number]
const Impact = Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high')])

export const MarketEvent = Type.Object({
  date: Type.String({ format: 'date' }),
  time: Nullable(Type.String({ description: 'ISO 8601 when the event has a release time' })),
  type: Type.Enum(EVENT_TYPES),
  title: Type.String(),
  symbol: Nullable(Type.String()),
  sector: Nullable(Type.String()),
  impact: Impact,
  relevance: Type.Array(Type.Enum(RELEVANCE)),
  details: Type.Record(
    Type.String(),
    Type.Union([Type.Number(), Type.String(), Type.Boolean(), Type.Null()]),
  ),
})
export type MarketEvent = Static<typeof MarketEvent>

const Section = Type.Object({
  status: Type.Enum(['ok', 'degraded']),
  reason: Nullable(Type.String()),
  count: Type.Integer(),
})
export type Section = Static<typeof Section>

const SignalItem = Type.Object({
  id: Type.Integer(),
  symbol: Type.String(),
  text: Type.String(),
  confidence: Nullable(Type.Number()),
  source: Type.String(),
  created_at: Type.String(),
})

const Opportunity = Type.Object({
  symbol: Type.String(),
  score: Type.Number(),
  scan_types: Type.Array(Type.String()),
})

export const Gameplan = Type.Object({
  plan_date: Type.String({ format: 'date', description: 'The trading day the plan is for' }),
  generated_at: Type.String(),
  account_id: Nullable(Type.Integer()),
  window: Type.Object({
    from: Type.String({ format: 'date' }),
    to: Type.String({ format: 'date' }),
    trading_days: Type.Array(Type.String({ format: 'date' })),
  }),
  holdings: Type.Object({
    count: Type.Integer(),
    symbols: Type.Array(Type.String()),
    sectors: Type.Array(Type.String()),
  }),
  signals: Type.Object({
    since: Type.String(),
    intraday: Type.Array(SignalItem),
    options_flow: Type.Array(SignalItem),
    opportunities: Type.Array(Opportunity),
  }),
  events: Type.Array(MarketEvent),
  sections: Type.Object({
    signals: Section,
    earnings: Section,
    ex_dividend: Section,
    index: Section,
    economic: Section,
  }),
  degraded: Type.Boolean({ description: 'A section is degraded (its reason says why)' }),
})
export type Gameplan = Static<typeof Gameplan>
