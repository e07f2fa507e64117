/** Schemas of POST /api/notifications/provider-events (a mail provider's bounces and complaints). */
import { type Static, Type } from 'typebox'
import { Text } from '../../../platform/http/schemas.ts'

export const PROVIDER_EVENTS_MAX = 100
export const SIGNATURE_HEADER = 'X-Sextant-Signature'
/** How far a signature's timestamp may be from the server's clock, either way. */
export const SIGNATURE_TOLERANCE_S = 300
export const PROVIDER_EVENTS_BODY_LIMIT = 256 * 1024

export const ProviderEvent = Type.Object({
  type: Type.Enum(['bounce', 'complaint'], {
    description: 'A bounce (permanent or not) or a spam complaint about a mail sent to `recipient`',
  }),
  recipient: Type.String({
    minLength: 3,
    maxLength: 320,
    pattern: '^[^\\s@\\u0000-\\u001f\\u007f]+@[^\\s@\\u0000-\\u001f\\u007f]+$',
    description: 'The e-mail address the mail went to (compared lower-cased)',
  }),
  permanent: Type.Optional(
    Type.Boolean({ description: 'Bounces: true for a hard (permanent) bounce; absent or false: a soft one' }),
  ),
  occurred_at: Type.Optional(Type.String({ format: 'date-time', description: 'When the provider saw it' })),
  provider: Type.Optional(Text({ minLength: 1, maxLength: 64, description: 'Who reports it (free text)' })),
  message_id: Type.Optional(
    Text({ minLength: 1, maxLength: 998, description: 'The Message-ID of the mail it is about' }),
  ),
})
export type ProviderEventInput = Static<typeof ProviderEvent>

export const ProviderEventsBody = Type.Object({
  events: Type.Array(ProviderEvent, { minItems: 1, maxItems: PROVIDER_EVENTS_MAX }),
})
export type ProviderEventsInput = Static<typeof ProviderEventsBody>

export const ProviderEventsResult = Type.Object({
  processed: Type.Integer({ description: 'Events read (all of them, soft bounces included)' }),
  suppressed: Type.Integer({
    description: 'Suppressions made or confirmed: one per event and matching user (of any tenant)',
  }),
  unknown: Type.Integer({
    description: 'Permanent bounces and complaints whose address is no user’s verified address',
  }),
  soft_bounces: Type.Integer({ description: 'Soft bounces: counted, recorded nowhere' }),
})
export type ProviderEventsOut = Static<typeof ProviderEventsResult>

export const PROVIDER_EVENTS_EXAMPLE = {
  events: [
    {
      type: 'bounce',
      recipient: 'Ada@Example.com',
      permanent: true,
      occurred_at: '2026-11-24T15:00:00Z',
      provider: 'postmark',
      message_id: '<m311@sextant.example>',
    },
    { type: 'complaint', recipient: 'grace@example.com', provider: 'postmark' },
    { type: 'bounce', recipient: 'alan@example.com', permanent: false },
  ],
}
export const PROVIDER_EVENTS_RESULT_EXAMPLE = { processed: 3, suppressed: 2, unknown: 0, soft_bounces: 1 }
