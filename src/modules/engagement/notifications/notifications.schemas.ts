/** Request and response schemas of /api/notifications and the delivery trace, with their limits. */
import { type Static, Type } from 'typebox'
import { Id, MULTI_LINE, NOT_BLANK, Nullable } from '../../../platform/http/schemas.ts'
import { CHANNELS, DELIVERY_STATUSES } from './notifications.tables.ts'

export const TITLE_MAX = 200
export const BODY_MAX = 4000
export const URL_MAX = 2048
export const DATA_KEYS_MAX = 20
export const DATA_VALUE_MAX = 500
/** A console path (/app/…) or an https URL. */
export const URL_PATTERN = '^(/(?!/)[^\\s]*|https://[^\\s]+)$'

export const ChannelSchema = Type.Enum([...CHANNELS], {
  description: 'in_app (the inbox), email (the verified address), web_push (browsers), mobile_push (devices)',
})
export const StatusSchema = Type.Enum([...DELIVERY_STATUSES], {
  description:
    'pending / retrying (queued, next_attempt_at says when), sent, suppressed (detail names the suppression), ' +
    'quiet_hours (held until detail.held_until), capped (detail.cap, detail.limit), skipped (no target: no ' +
    'verified e-mail, no push subscription), failed (retries exhausted or refused; detail.provider, dead-lettered)',
})

export const DataSchema = Type.Record(
  Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$' }),
  Type.String({ maxLength: DATA_VALUE_MAX }),
  { maxProperties: DATA_KEYS_MAX, description: `String values only, at most ${DATA_KEYS_MAX} keys` },
)

export const NotificationBody = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: TITLE_MAX, pattern: NOT_BLANK }),
    body: Type.String({ minLength: 1, maxLength: BODY_MAX, pattern: MULTI_LINE }),
    url: Type.Optional(
      Type.String({
        maxLength: URL_MAX,
        pattern: URL_PATTERN,
        description: 'A console path (/app/…) or an https URL',
      }),
    ),
    channels: Type.Optional(
      Type.Array(ChannelSchema, {
        minItems: 1,
        maxItems: CHANNELS.length,
        uniqueItems: true,
        description:
          'Default: every channel the caller has (in_app, email when verified, push when subscribed)',
      }),
    ),
    data: Type.Optional(DataSchema),
  },
  { additionalProperties: false },
)
export type NotificationInput = Static<typeof NotificationBody>

export const DeliveryView = Type.Object({
  delivery_id: Type.Integer(),
  channel: ChannelSchema,
  status: StatusSchema,
  detail: Type.Record(Type.String(), Type.Unknown(), { description: 'Why the status is what it is' }),
  attempts: Type.Integer({ minimum: 0 }),
  next_attempt_at: Nullable(Type.String({ format: 'date-time' })),
  sent_at: Nullable(Type.String({ format: 'date-time' })),
  dead_lettered_at: Nullable(Type.String({ format: 'date-time' })),
  updated_at: Type.String({ format: 'date-time' }),
})
export type DeliveryViewOut = Static<typeof DeliveryView>

export const Accepted = Type.Object({
  notification_id: Type.Integer(),
  job_id: Type.String({
    description: 'Names the delivery jobs of this notification (notifications.deliver:<notification_id>)',
  }),
  status: Type.Literal('accepted'),
  deliveries: Type.Array(DeliveryView),
})
export type AcceptedOut = Static<typeof Accepted>

export const NotificationParams = Type.Object({ notification_id: Id() })
export const NotificationView = Type.Object({
  notification_id: Type.Integer(),
  source: Type.String(),
  list: Type.String(),
  title: Type.String(),
  body: Type.String(),
  url: Nullable(Type.String()),
  data: Type.Record(Type.String(), Type.String()),
  created_at: Type.String({ format: 'date-time' }),
  deliveries: Type.Array(DeliveryView),
})

export const DeadLetter = Type.Object({
  ...DeliveryView.properties,
  notification_id: Type.Integer(),
  user_id: Type.Integer(),
  title: Type.String(),
  list: Type.String(),
})
export const DeadLetterQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, description: 'At most 200; default 50' })),
  tenant_id: Type.Optional(Id({ description: 'Another tenant (administrators); default: your own' })),
})
export const DeadLetterList = Type.Object({ items: Type.Array(DeadLetter) })
export const DeliveryParams = Type.Object({ delivery_id: Id() })
export const TenantQuery = Type.Object({ tenant_id: DeadLetterQuery.properties.tenant_id })
