/** Schemas of /api/alerts/in-app, the in-app inbox. */
import { type Static, Type } from 'typebox'
import { Page, PAGE_SIZES, MAX_LIMIT } from '../../../platform/http/pagination.ts'
import { Id, Nullable } from '../../../platform/http/schemas.ts'

export const InAppQuery = Type.Object({
  unread: Type.Optional(Type.Boolean({ description: 'true: unread items only' })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, description: '1-based page number' })),
  page_size: Type.Optional(
    Type.Integer({ enum: [...PAGE_SIZES], description: 'Items per page: 25, 50 or 100; overrides limit' }),
  ),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_LIMIT, description: `Page size, at most ${MAX_LIMIT}` }),
  ),
})
export type InAppQueryInput = Static<typeof InAppQuery>

export const InAppItem = Type.Object({
  item_id: Type.Integer(),
  notification_id: Type.Integer(),
  title: Type.String(),
  body: Type.String(),
  url: Nullable(Type.String()),
  data: Type.Record(Type.String(), Type.String()),
  read: Type.Boolean(),
  read_at: Nullable(Type.String({ format: 'date-time' })),
  created_at: Type.String({ format: 'date-time' }),
})
export type InAppItemOut = Static<typeof InAppItem>
export const InAppPage = Type.Object({
  ...Page(InAppItem).properties,
  unread: Type.Integer({ minimum: 0, description: 'Unread items of the caller' }),
})
export const ItemParams = Type.Object({ item_id: Id() })
export const ReadAll = Type.Object({
  updated: Type.Integer({ minimum: 0, description: 'Items marked read now' }),
})
export const UnreadCount = Type.Object({ unread: Type.Integer({ minimum: 0 }) })
