/** Request and response schemas of /api/alerts (capabilities, prefs, deliveries) and their limits. */
import { type Static, Type } from 'typebox'
import { Id, Nullable, SINGLE_LINE } from '../../../platform/http/schemas.ts'
import { CHANNELS, FREQUENCIES } from './lib/catalog.ts'

export const ALERT_TYPES = [
  'price_above',
  'price_below',
  'percent_move',
  'intraday_signal',
  'options_flow',
  'earnings_upcoming',
  'insider_purchase',
  'drawdown_breach',
  'screen_membership',
  'watchlist_move',
] as const

/** Rules one PUT may carry (the plan's limit is usually lower). */
export const RULES_MAX = 1000
export const DELIVERIES_DEFAULT = 50
export const DELIVERIES_MAX = 200

const Free = (description: string) => Type.Object({}, { additionalProperties: true, description })
const Time = (description: string) =>
  Type.String({
    pattern: SINGLE_LINE,
    minLength: 1,
    maxLength: 5,
    description: `${description}, HH:MM (24-hour, 00:00–23:59)`,
  })

export const QuietHours = Type.Object({
  enabled: Type.Boolean(),
  start: Time('Start of the quiet window'),
  end: Time('End of the window (exclusive); before start = the window spans midnight'),
  time_zone: Type.String({
    pattern: SINGLE_LINE,
    minLength: 1,
    maxLength: 64,
    description: 'IANA time zone, e.g. America/New_York',
  }),
})

export const RuleIn = Type.Object({
  rule_id: Type.Optional(Id({ description: 'An existing rule of yours to update; leave out to create' })),
  alert_type: Type.Enum([...ALERT_TYPES]),
  params: Free('The type’s parameters (GET /api/alerts/capabilities)'),
  channels: Type.Array(Type.Enum([...CHANNELS]), { minItems: 1, maxItems: 8 }),
  frequency: Type.Enum([...FREQUENCIES]),
  enabled: Type.Optional(Type.Boolean({ description: 'Default true' })),
})
export type RuleIn = Static<typeof RuleIn>

export const PrefsBody = Type.Object({
  quiet_hours: Type.Optional(Nullable(QuietHours)),
  rules: Type.Array(RuleIn, { maxItems: RULES_MAX }),
})
export type PrefsBodyInput = Static<typeof PrefsBody>

export const RuleOut = Type.Object({
  rule_id: Type.Integer(),
  alert_type: Type.String(),
  params: Free('Normalised: defaults filled in, symbols upper case, decimals as strings'),
  channels: Type.Array(Type.String()),
  frequency: Type.String(),
  enabled: Type.Boolean({ description: 'False after a `once` rule fired (PUT it enabled to re-arm)' }),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
  skipped: Nullable(
    Type.Object(
      {
        at: Type.String({ format: 'date-time', description: 'When the evaluation skipped it' }),
        read: Type.String({
          description:
            'What it could not read: watchlist, saved screen, insider purchases, portfolio value history',
        }),
        status: Type.Integer({
          description: 'The answer your own request would get: 402 plan, 403 role, 404 gone',
        }),
        code: Type.String({ description: 'e.g. plan.feature_unavailable' }),
        message: Type.String(),
      },
      {
        description:
          'Why the last evaluation skipped this rule, read as you (your plan and role); null once it evaluates again',
      },
    ),
  ),
})

export const PrefsResponse = Type.Object({
  quiet_hours: Nullable(QuietHours),
  rules: Type.Array(RuleOut),
  limits: Type.Object({
    rules: Nullable(Type.Integer({ description: 'The plan’s `alerts` limit; null = unlimited' })),
    rules_used: Type.Integer(),
  }),
})
export type PrefsOut = Static<typeof PrefsResponse>

const Param = Type.Object({
  name: Type.String(),
  type: Type.Enum(['decimal', 'number', 'integer', 'symbol', 'enum', 'enum_list', 'string']),
  unit: Nullable(Type.String()),
  min: Nullable(Type.Number()),
  max: Nullable(Type.Number()),
  required: Type.Boolean(),
  required_when: Type.Optional(Type.Object({ param: Type.String(), equals: Type.String() })),
  values: Type.Optional(Type.Array(Type.String())),
  default: Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Array(Type.String())])),
  description: Type.String(),
})

export const CapabilitiesResponse = Type.Object({
  types: Type.Array(
    Type.Object({
      type: Type.String(),
      description: Type.String(),
      triggers: Type.Array(Type.String()),
      kind: Type.Enum(['level', 'event']),
      params: Type.Array(Param),
    }),
  ),
  channels: Type.Array(Type.String()),
  frequencies: Type.Array(Type.Object({ frequency: Type.String(), description: Type.String() })),
  caps: Type.Object({
    plan: Type.String(),
    rules: Nullable(Type.Integer({ description: 'Rules allowed on your plan (its `alerts` limit)' })),
    rules_by_plan: Type.Record(Type.String(), Nullable(Type.Integer())),
    per_channel_per_day: Type.Record(Type.String(), Nullable(Type.Integer()), {
      description: 'Deliveries per channel per New York day; null = unlimited; the same on every plan',
    }),
  }),
})

export const DeliveriesQuery = Type.Object({
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: DELIVERIES_MAX,
      description: `1–${DELIVERIES_MAX}, default ${DELIVERIES_DEFAULT}`,
    }),
  ),
  alert_type: Type.Optional(Type.Enum([...ALERT_TYPES])),
})
export type DeliveriesQueryInput = Static<typeof DeliveriesQuery>

export const ChannelStatus = Type.Object({
  channel: Type.String(),
  status: Type.String({
    description: 'pending, retrying, sent, suppressed, quiet_hours, capped, skipped or failed',
  }),
  detail: Free('Why: {suppression_id, reason}, {held_until}, {cap, limit}, {provider: {status, reason}}, …'),
  attempts: Type.Integer(),
  sent_at: Nullable(Type.String({ format: 'date-time' })),
  summary: Type.String({
    description:
      'What happened on this channel, in one sentence for a person, e.g. "Held by your quiet hours until 11:00 on ' +
      '2026-11-25 (America/New_York)" (times in your quiet hours’ time zone, else New York)',
  }),
})

export const Delivery = Type.Object({
  firing_id: Type.Integer(),
  rule_id: Type.Integer(),
  alert_type: Type.String(),
  condition: Free('The rule’s params and frequency as they were when it fired'),
  values: Free('What fired it: price and threshold, change %, the signal, the symbols gained or lost…'),
  fired_at: Type.String({ format: 'date-time' }),
  channels: Type.Array(ChannelStatus),
})
export const DeliveriesResponse = Type.Object({ items: Type.Array(Delivery) })
export type DeliveriesOut = Static<typeof DeliveriesResponse>
