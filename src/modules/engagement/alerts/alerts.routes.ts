/** /api/alerts: capabilities, the prefs document (quiet hours and rules), the delivery trace. */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { CAPABILITIES_DOC, DELIVERIES_DOC, PREFS_DOC } from './alerts.docs.ts'
import * as X from './alerts.examples.ts'
import * as S from './alerts.schemas.ts'
import type { Alerts } from './index.ts'

const tags = ['alerts']
const BASE = '/api/alerts'

export function alertsRoutes(app: App, api: Alerts): void {
  app.get(
    `${BASE}/capabilities`,
    {
      schema: {
        operationId: 'alertCapabilities',
        summary: 'The alert types with their parameters, channels, frequencies and caps',
        description: CAPABILITIES_DOC,
        examples: { 200: { description: 'The catalogue (one type shown)', value: X.CAPABILITIES_EXAMPLE } },
        tags,
        response: { 200: S.CapabilitiesResponse, ...problems(401) },
      },
    },
    (req) => api.capabilities.capabilities(scopeOf(req)),
  )
  app.get(
    `${BASE}/prefs`,
    {
      schema: {
        operationId: 'getAlertPrefs',
        summary: 'The caller’s quiet hours and alert rules',
        description: PREFS_DOC,
        examples: { 200: { description: 'The document', value: X.PREFS_EXAMPLE } },
        tags,
        response: { 200: S.PrefsResponse, ...problems(401) },
      },
    },
    (req) => api.prefs.get(scopeOf(req)),
  )
  app.put(
    `${BASE}/prefs`,
    {
      schema: {
        operationId: 'putAlertPrefs',
        summary: 'Replace the caller’s quiet hours and rules (upsert by rule_id)',
        description: PREFS_DOC,
        examples: {
          body: X.PREFS_BODY_EXAMPLE,
          200: { description: 'The document as stored', value: X.PREFS_EXAMPLE },
        },
        tags,
        body: S.PrefsBody,
        response: { 200: S.PrefsResponse, ...problems(401, 422, 502) },
      },
    },
    (req) => api.prefs.put(scopeOf(req), req.body),
  )
  app.get(
    `${BASE}/deliveries`,
    {
      schema: {
        operationId: 'listAlertDeliveries',
        summary: 'The alerts that fired, with why and what happened on each channel',
        description: DELIVERIES_DOC,
        examples: {
          query: { limit: 20, alert_type: 'price_above' },
          200: {
            description: 'One firing: in-app sent, e-mail held by quiet hours',
            value: X.DELIVERIES_EXAMPLE,
          },
        },
        tags,
        querystring: S.DeliveriesQuery,
        response: { 200: S.DeliveriesResponse, ...problems(401, 422) },
      },
    },
    (req) => api.deliveries.list(scopeOf(req), req.query),
  )
}
