import { Type, type Static } from 'typebox'
import { Id, Nullable, Text } from '../../../platform/http/schemas.ts'
import { SECTION_KEYS } from './lib/render.ts'

/** Bounds of a subscription's send time (New York): before the open, after the overnight session data. */
export const SEND_AT_MIN = '05:00'
export const SEND_AT_MAX = '09:25'
/** HH:MM on a 5-minute step (the job runs every 5 minutes), 05:00–09:25. */
const SEND_AT_PATTERN = '^(0[5-8]:[0-5][05]|09:[0-2][05])$'

const SectionKey = Type.Enum([...SECTION_KEYS])
export const UNSUB_TOKEN_PATTERN = '^[0-9]{1,15}\\.[A-Za-z0-9_-]{43}$'

export const SendQuery = Type.Object({
  account_id: Type.Optional(Id({ description: "One account of the tenant's; default all of them" })),
})
export type SendQueryInput = Static<typeof SendQuery>

export const SendBody = Type.Object(
  {
    sections: Type.Optional(
      Type.Array(SectionKey, {
        minItems: 1,
        maxItems: SECTION_KEYS.length,
        uniqueItems: true,
        description: `Which sections, in this order; default all: ${SECTION_KEYS.join(', ')}`,
      }),
    ),
    to: Type.Optional(
      Text({
        maxLength: 320,
        description: "Ignored: the briefing goes to the caller's verified address only",
      }),
    ),
  },
  { additionalProperties: false },
)
export type SendBodyInput = Static<typeof SendBody>

export const SectionOut = Type.Object({
  key: SectionKey,
  title: Type.String(),
  status: Type.Enum(['ok', 'degraded', 'unavailable']),
  reason: Nullable(
    Type.String({ description: 'Why degraded or unavailable (a code such as upstream.timeout)' }),
  ),
  lines: Type.Array(Type.String(), { description: 'What the mail says in this section' }),
})

export const SendResult = Type.Object({
  message_id: Type.String({ description: 'SMTP Message-ID, or the outbox row id offline' }),
  subject: Type.String(),
  recipient: Type.String({ format: 'email' }),
  sent_at: Type.String({ format: 'date-time' }),
  account_id: Nullable(Type.Integer()),
  sections: Type.Array(SectionOut),
  degraded: Type.Boolean({ description: 'A section is degraded or unavailable' }),
})
export type SendResultOut = Static<typeof SendResult>

export const Subscription = Type.Object({
  enabled: Type.Boolean(),
  account_id: Nullable(Type.Integer()),
  send_at: Type.String({ description: 'New York time HH:MM' }),
  entitled: Type.Boolean({ description: "The tenant's plan includes email_briefing" }),
  last_sent_on: Nullable(
    Type.String({ format: 'date', description: 'New York date of the last scheduled send' }),
  ),
  unsubscribed_at: Nullable(Type.String({ format: 'date-time' })),
  created_at: Nullable(Type.String({ format: 'date-time', description: 'null: never subscribed' })),
  updated_at: Nullable(Type.String({ format: 'date-time' })),
})
export type SubscriptionOut = Static<typeof Subscription>

export const SubscriptionBody = Type.Object(
  {
    enabled: Type.Boolean(),
    account_id: Type.Optional(Nullable(Id({ description: 'null or absent: all accounts' }))),
    send_at: Type.Optional(
      Type.String({
        pattern: SEND_AT_PATTERN,
        description: `New York time HH:MM on a 5-minute step, ${SEND_AT_MIN}–${SEND_AT_MAX}; default BRIEFING_SEND_AT`,
      }),
    ),
  },
  { additionalProperties: false },
)
export type SubscriptionInput = Static<typeof SubscriptionBody>

export const UnsubscribeQuery = Type.Object({
  token: Type.String({ pattern: UNSUB_TOKEN_PATTERN, description: 'The token of the List-Unsubscribe URI' }),
})

export const UnsubscribeResult = Type.Object({
  unsubscribed: Type.Literal(true),
  unsubscribed_at: Type.String({ format: 'date-time' }),
})
