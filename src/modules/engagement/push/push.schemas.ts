/** Request and response schemas of /api/push and /api/me/push-tokens, and the limits they state. */
import { type Static, Type } from 'typebox'
import { Id, Nullable } from '../../../platform/http/schemas.ts'

/** Web push subscriptions a user keeps; posting one more drops the one seen longest ago. */
export const MAX_SUBSCRIPTIONS = 20
/** Mobile device tokens a user keeps; registering one more drops the one seen longest ago. */
export const MAX_TOKENS = 20
export const MAX_ENDPOINT = 2048
/** A subscription not posted again for this many days is pruned by the daily job. */
export const SUBSCRIPTION_IDLE_DAYS = 60
/** A device token not registered again for this many days is pruned (FCM expires idle tokens then). */
export const TOKEN_IDLE_DAYS = 270
export const TEST_TITLE_MAX = 120
export const TEST_BODY_MAX = 500

/** The URL-and-filename-safe base64 alphabet, optionally padded. */
const BASE64URL = '^[A-Za-z0-9_-]+={0,2}$'
const b64 = { errorMessage: { pattern: 'must be base64url (A–Z, a–z, 0–9, - and _)' } }
const NO_SPACE = '^[^\\s\\u0000-\\u001f\\u007f-\\u009f]+$'

export const SubscriptionBody = Type.Object({
  endpoint: Type.String({
    minLength: 1,
    maxLength: MAX_ENDPOINT,
    pattern: NO_SPACE,
    errorMessage: { pattern: 'must be a URL without spaces or control characters' },
    description: `The push service's URL from the browser, stored whole: absolute https, at most ${MAX_ENDPOINT} characters`,
  }),
  expirationTime: Type.Optional(
    Nullable(
      Type.Integer({
        minimum: 0,
        maximum: 8_640_000_000_000_000,
        description: 'When the subscription ends, in milliseconds since 1970-01-01 UTC; null: no end known',
      }),
    ),
  ),
  keys: Type.Object({
    p256dh: Type.String({
      minLength: 1,
      maxLength: 200,
      pattern: BASE64URL,
      ...b64,
      description: "The browser's P-256 public key: base64url of a 65-byte uncompressed point (0x04 first)",
    }),
    auth: Type.String({
      minLength: 1,
      maxLength: 100,
      pattern: BASE64URL,
      ...b64,
      description: 'The authentication secret: base64url of 16 bytes',
    }),
  }),
})
export type SubscriptionInput = Static<typeof SubscriptionBody>

const at = (description: string) => Type.String({ format: 'date-time', description })

export const Subscription = Type.Object({
  subscription_id: Type.Integer(),
  endpoint: Type.String(),
  expiration_time: Nullable(at('When the push service ends the subscription; null: not said')),
  created_at: at('First posted'),
  last_seen_at: at(`Last posted; unseen for ${SUBSCRIPTION_IDLE_DAYS} days → pruned`),
  last_success_at: Nullable(at('The last push the push service accepted; null: none yet')),
})
export type SubscriptionOut = Static<typeof Subscription>
export const Subscriptions = Type.Object({
  items: Type.Array(Subscription),
  limit: Type.Integer({ description: 'Subscriptions a user keeps' }),
})
export const SubscriptionParams = Type.Object({ subscription_id: Id() })

export const VapidKey = Type.Object({
  public_key: Type.String({
    description:
      'The VAPID application server key (base64url, 65 bytes): `applicationServerKey` of `subscribe()`',
  }),
})

export const Platform = Type.Enum(['ios', 'android'])
export const TokenBody = Type.Object({
  device_token: Type.String({
    minLength: 1,
    maxLength: 4096,
    pattern: '^[A-Za-z0-9_:-]+$',
    errorMessage: { pattern: 'must hold only letters, digits, _, : and -' },
    description:
      'iOS: the APNs device token as hex (64 characters; up to 200 accepted), stored lower case; ' +
      'Android: the FCM registration token, 100–4096 characters of A–Z, a–z, 0–9, _, : and -',
  }),
  platform: Platform,
  app_id: Type.Optional(
    Nullable(
      Type.String({
        minLength: 3,
        maxLength: 255,
        pattern: '^[A-Za-z][A-Za-z0-9_-]*(\\.[A-Za-z0-9_-]+)+$',
        errorMessage: { pattern: 'must be a bundle id or package name such as com.example.app' },
        description: 'iOS bundle id or Android package; absent or null: the configured app',
      }),
    ),
  ),
})
export type TokenInput = Static<typeof TokenBody>

export const Token = Type.Object({
  token_id: Type.Integer(),
  device_token: Type.String(),
  platform: Platform,
  app_id: Nullable(Type.String()),
  created_at: at('First registered'),
  last_seen_at: at(`Last registered; unseen for ${TOKEN_IDLE_DAYS} days → pruned`),
})
export type TokenOut = Static<typeof Token>
export const Tokens = Type.Object({
  items: Type.Array(Token),
  limit: Type.Integer({ description: 'Device tokens a user keeps' }),
})
export const TokenParams = Type.Object({ token_id: Id() })

export const TestBody = Type.Object({
  title: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: TEST_TITLE_MAX,
      pattern: '^(?!\\s*$)[^\\u0000-\\u001f\\u007f-\\u009f]*$',
      errorMessage: { pattern: 'must not be blank or hold control characters' },
    }),
  ),
  body: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: TEST_BODY_MAX,
      pattern: '^(?!\\s*$)[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f]*$',
      errorMessage: { pattern: 'must not be blank or hold control characters' },
    }),
  ),
})
export type TestInput = Static<typeof TestBody>

export const TestResult = Type.Object({
  kind: Type.Enum(['web_push', 'mobile_push']),
  id: Type.Integer({ description: 'subscription_id (web_push) or token_id (mobile_push)' }),
  outcome: Type.Enum(['sent', 'gone', 'retry', 'failed'], {
    description:
      'sent: accepted by the push service (or stored in the outbox); gone: the target is dead and was removed; ' +
      'retry: a transient failure (rate limit, 5xx, network); failed: refused for this message',
  }),
  status: Type.Optional(Type.Integer({ description: "The push service's HTTP status" })),
  reason: Type.Optional(
    Type.String({ description: "The push service's own words (errno, error code, reason)" }),
  ),
})
export const TestResponse = Type.Object({ results: Type.Array(TestResult) })
