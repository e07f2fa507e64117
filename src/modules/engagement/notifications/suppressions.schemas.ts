/** Schemas of /api/notifications/suppressions and the one-click unsubscribe. */
import { type Static, Type } from 'typebox'
import { Id, Nullable, Text } from '../../../platform/http/schemas.ts'
import { TOKEN_MAX_LENGTH } from './lib/unsubscribe-token.ts'
import { ChannelSchema } from './notifications.schemas.ts'
import { SUPPRESSION_REASONS } from './notifications.tables.ts'

export const SUPPRESSIONS_DEFAULT = 50
export const SUPPRESSIONS_MAX = 200
export const LIST_PATTERN = '^[a-z][a-z0-9_-]{0,39}$'

export const SuppressionQuery = Type.Object({
  channel: Type.Optional(ChannelSchema),
  recipient: Type.Optional(
    Text({ minLength: 1, maxLength: 2048, description: 'Exact recipient (e-mail addresses: any case)' }),
  ),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: SUPPRESSIONS_MAX,
      description: `1–${SUPPRESSIONS_MAX}; default ${SUPPRESSIONS_DEFAULT}`,
    }),
  ),
})
export type SuppressionQueryInput = Static<typeof SuppressionQuery>

export const Suppression = Type.Object({
  suppression_id: Type.Integer(),
  channel: ChannelSchema,
  recipient: Type.String({
    description: 'Lower-cased e-mail address, push endpoint, device token, or user id (in_app)',
  }),
  reason: Type.Enum([...SUPPRESSION_REASONS]),
  list: Nullable(Type.String({ description: 'The list it covers; null: every list' })),
  created_at: Type.String({ format: 'date-time' }),
})
export type SuppressionOut = Static<typeof Suppression>
export const SuppressionList = Type.Object({ items: Type.Array(Suppression) })
export const SuppressionParams = Type.Object({ suppression_id: Id() })
export const SuppressionBody = Type.Object(
  {
    channel: Type.Enum(['in_app', 'email'], {
      description: 'in_app or email (push: delete the subscription)',
    }),
    list: Type.Optional(
      Nullable(
        Type.String({
          pattern: LIST_PATTERN,
          description: 'One list (alerts, briefing, …); absent or null: all',
        }),
      ),
    ),
  },
  { additionalProperties: false },
)

export const UnsubscribeQuery = Type.Object({
  token: Type.String({
    pattern: '^[!-~]*$',
    minLength: 1,
    maxLength: TOKEN_MAX_LENGTH,
    description: 'The signed token of the link',
  }),
})
export const UnsubscribePreview = Type.Object({
  next_action: Type.Literal('post_to_confirm'),
  method: Type.Literal('POST'),
  list: Type.String(),
  channel: Type.Literal('email'),
  unsubscribed: Type.Boolean({ description: 'Whether this list is already unsubscribed' }),
  expires_at: Type.String({ format: 'date-time', description: 'When the link stops working' }),
})
export const UnsubscribeResult = Type.Object({
  unsubscribed: Type.Literal(true),
  list: Type.String(),
  suppression_id: Type.Integer(),
  created_at: Type.String({ format: 'date-time', description: 'When the list was first unsubscribed' }),
})
