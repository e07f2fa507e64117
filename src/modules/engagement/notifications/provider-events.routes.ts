/**
 * POST /api/notifications/provider-events — the operator's webhook for a mail provider's bounces and
 * complaints. Public but signed: the signature covers the raw body, so this route keeps the text it
 * parsed, and checks the signature before the body is validated (an unsigned caller learns nothing).
 */
import type { FastifyRequest } from 'fastify'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import * as S from './provider-events.schemas.ts'
import type { ProviderEventsService } from './provider-events.service.ts'

export const PROVIDER_EVENTS_PATH = '/api/notifications/provider-events'
const JSON_TYPE = 'application/json'

export function providerEventsRoutes(app: App, events: ProviderEventsService): void {
  void app.register(async (scoped: App) => {
    const raw = new WeakMap<FastifyRequest, string>()
    const parseJson = scoped.getDefaultJsonParser('error', 'error')
    scoped.removeContentTypeParser(JSON_TYPE)
    scoped.addContentTypeParser(JSON_TYPE, { parseAs: 'string' }, (req, body, done) => {
      const text = body.toString()
      raw.set(req, text)
      if (text.trim() === '') return done(null, undefined)
      return parseJson(req, text, done)
    })
    scoped.addHook('preValidation', async (req) => {
      events.verify(raw.get(req) ?? '', req.headers[S.SIGNATURE_HEADER.toLowerCase()])
    })
    scoped.post(
      PROVIDER_EVENTS_PATH,
      {
        config: { auth: 'public' },
        bodyLimit: S.PROVIDER_EVENTS_BODY_LIMIT,
        schema: {
          operationId: 'postNotificationProviderEvents',
          summary: 'A mail provider’s bounces and complaints (operator webhook, signed)',
          description:
            'For the operator’s mail relay or provider, not for users. Off (404) unless `NOTIFICATIONS_WEBHOOK_SECRET` is ' +
            `configured. Authenticated by \`${S.SIGNATURE_HEADER}: t=<unix seconds>,v1=<hex>\`, where v1 is the ` +
            'HMAC-SHA256, keyed with the secret, of `<t>.<the raw request body>` (several `v1=` values may be sent, ' +
            `for a key rotation); a missing or wrong signature, or a \`t\` more than ${S.SIGNATURE_TOLERANCE_S} seconds ` +
            'from the server’s clock (a replay), → 401 `notifications.webhook_signature_invalid`, checked before the ' +
            `body. Up to ${S.PROVIDER_EVENTS_MAX} events: a permanent bounce (\`permanent: true\`) adds a ` +
            '`hard_bounce` suppression and a complaint a `complaint` suppression of the address on the e-mail channel ' +
            'for every list, for each user of any tenant whose verified address it is (compared lower-cased); the next ' +
            'e-mail to them is `suppressed` in its delivery trace. A soft bounce is only counted. Repeating a request ' +
            'creates nothing new.',
          examples: {
            body: S.PROVIDER_EVENTS_EXAMPLE,
            200: { description: 'Processed', value: S.PROVIDER_EVENTS_RESULT_EXAMPLE },
          },
          tags: ['notifications'],
          headers: {
            type: 'object',
            properties: {
              [S.SIGNATURE_HEADER.toLowerCase()]: {
                type: 'string',
                pattern: '^[!-~]*$',
                description: 't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">',
                examples: [
                  't=1779634800,v1=5f0c1d9a7e3b2c4d6e8f0a1b2c3d4e5f60718293a4b5c6d7e8f9a0b1c2d3e4f5',
                ],
              },
            },
          },
          body: S.ProviderEventsBody,
          response: { 200: S.ProviderEventsResult, ...problems(401, 404, 422) },
        },
      },
      (req) => events.process(req.body.events),
    )
  })
}
