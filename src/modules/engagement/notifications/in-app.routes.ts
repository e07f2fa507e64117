/** /api/alerts/in-app: the caller's in-app inbox (items come from in_app deliveries). */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import * as S from './in-app.schemas.ts'
import type { InAppService } from './in-app.service.ts'
import { IN_APP_ITEM_EXAMPLE } from './notifications.examples.ts'

const tags = ['alerts']
const BASE = '/api/alerts/in-app'

export function inAppRoutes(app: App, inApp: InAppService): void {
  listRoute(app, inApp)
  app.get(
    `${BASE}/unread-count`,
    {
      schema: {
        operationId: 'countUnreadInAppAlerts',
        summary: 'How many in-app items you have not read',
        description:
          'The number the console shows on its inbox badge: cheap to poll (one indexed count of your unread items).',
        examples: { 200: { description: 'Unread', value: { unread: 3 } } },
        tags,
        response: { 200: S.UnreadCount, ...problems(401) },
      },
    },
    (req) => inApp.unreadCount(scopeOf(req)),
  )
  app.post(
    `${BASE}/read-all`,
    {
      schema: {
        operationId: 'readAllInAppAlerts',
        summary: 'Mark all your in-app items read',
        description: '`updated`: the items that were unread.',
        examples: { 200: { description: 'Marked', value: { updated: 3 } } },
        tags,
        response: { 200: S.ReadAll, ...problems(401) },
      },
    },
    (req) => inApp.readAll(scopeOf(req)),
  )
  app.post(
    `${BASE}/:item_id/read`,
    {
      schema: {
        operationId: 'readInAppAlert',
        summary: 'Mark one in-app item read',
        description: 'Answers the item; the first read time stays. Another user’s or an unknown item → 404.',
        examples: {
          params: { item_id: 77 },
          200: {
            description: 'Read',
            value: { ...IN_APP_ITEM_EXAMPLE, read: true, read_at: '2026-11-24T15:05:00.000Z' },
          },
        },
        tags,
        params: S.ItemParams,
        response: { 200: S.InAppItem, ...problems(401, 404, 422) },
      },
    },
    (req) => inApp.read(scopeOf(req), req.params.item_id),
  )
}

function listRoute(app: App, inApp: InAppService): void {
  app.get(
    BASE,
    {
      schema: {
        operationId: 'listInAppAlerts',
        summary: 'Your in-app inbox, newest first',
        description:
          'Items of the in_app channel (alerts, notifications). `unread=true`: unread only. Pages by number: ' +
          '`page` (1-based) and `page_size` 25, 50 or 100 (or `limit` up to 100; default 25); `total` counts the ' +
          'matching items, `unread` the caller’s unread items.',
        examples: {
          query: { unread: true, page: 1, page_size: 25 },
          200: {
            description: 'A page',
            value: {
              items: [IN_APP_ITEM_EXAMPLE],
              next_cursor: null,
              page: 1,
              page_size: 25,
              total: 1,
              unread: 1,
            },
          },
        },
        tags,
        querystring: S.InAppQuery,
        response: { 200: S.InAppPage, ...problems(401, 422) },
      },
    },
    (req) => inApp.list(scopeOf(req), req.query),
  )
}
