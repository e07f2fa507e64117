import { Name, Nullable, Text } from '../../../platform/http/schemas.ts'
import { Type, type Static } from 'typebox'

const Email = Type.String({
  format: 'email',
  minLength: 3,
  maxLength: 254,
  description: 'E-mail address (case-insensitive)',
})
const Password = Text({
  minLength: 1,
  maxLength: 1024,
  description: '8–128 characters, not a common password',
})
const E164 = Type.String({
  pattern: '^\\+[1-9][0-9]{6,14}$',
  description: 'E.164 phone number, e.g. +15551234567',
})
const Code = Type.String({ pattern: '^[0-9]{6}$', description: '6-digit code' })

export const UserSchema = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  full_name: Type.Union([Type.String(), Type.Null()]),
  email_verified: Type.Boolean(),
  phone: Type.Union([Type.String(), Type.Null()]),
  phone_verified: Type.Boolean(),
  tenant_id: Type.Integer(),
  role: Type.Enum(['user', 'admin']),
  plan: Type.String(),
  mfa_enabled: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
})
export type User = Static<typeof UserSchema>

export const RegisterBody = Type.Object({
  email: Email,
  password: Password,
  full_name: Type.Optional(Name(200)),
})
/** `{user}`: the answer of a confirmation (e-mail, phone, reactivation). */
export const UserEnvelope = Type.Object({ user: UserSchema })

/** The same answer for a free and a taken address (registration must not reveal accounts). */
export const RegisterResponse = Type.Object({
  status: Type.Literal('check_email'),
  email: Type.String({ description: 'The address as registered (trimmed, lower-case)' }),
  detail: Type.String({ description: 'What to do next, for a person' }),
})
export type Registration = Static<typeof RegisterResponse>

/** RFC 6749 §3.2: the token endpoint ignores parameters it does not know (client_id, …). */
export const TokenForm = Type.Object(
  {
    grant_type: Type.Optional(Text({ maxLength: 64 })),
    username: Text({ minLength: 1, maxLength: 254 }),
    password: Text({ minLength: 1, maxLength: 1024 }),
    scope: Type.Optional(Text({ maxLength: 1024 })),
    client_id: Type.Optional(
      Text({
        maxLength: 256,
        description: 'Accepted and ignored (RFC 6749 §2.3.1): no client is registered',
      }),
    ),
    client_secret: Type.Optional(Text({ maxLength: 1024, description: 'Accepted and ignored' })),
  },
  { additionalProperties: true },
)

export const TokenResponse = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('bearer'),
  expires_in: Type.Integer(),
  refresh_token: Type.String(),
})
export type TokenPair = Static<typeof TokenResponse>

export const MfaPendingResponse = Type.Object({
  mfa_required: Type.Literal(true),
  mfa_token: Type.String({ description: 'Valid 5 minutes, only at POST /api/auth/mfa/challenge' }),
  mfa_methods: Type.Array(Type.Enum(['totp'])),
})
export type MfaPending = Static<typeof MfaPendingResponse>

/** RFC 6749 §5.2 error body, so standard OAuth2 clients understand a failed grant. */
export const OAuthError = Type.Object({
  error: Type.Enum(['invalid_request', 'invalid_grant', 'unsupported_grant_type']),
  error_description: Type.String(),
})

export const RefreshBody = Type.Object({
  refresh_token: Type.Optional(Text({ minLength: 1, maxLength: 512 })),
})
export const LogoutBody = Type.Object({ refresh_token: Type.Optional(Text({ maxLength: 512 })) })

export const PatchMeBody = Type.Object(
  {
    full_name: Type.Optional(Nullable(Name(200))),
    phone: Type.Optional(Nullable(E164)),
  },
  { additionalProperties: false },
)

export const EntitlementsSchema = Type.Object({
  plan: Type.String(),
  features: Type.Record(Type.String(), Type.Boolean()),
  limits: Type.Record(Type.String(), Type.Number()),
})

export const PasswordBody = Type.Object({ password: Password })
export const EmailBody = Type.Object({ email: Email })
export const TokenBody = Type.Object({ token: Text({ minLength: 1, maxLength: 512 }) })
export const EmailCodeBody = Type.Object({ email: Email, code: Code })
export const CodeBody = Type.Object({
  code: Text({ minLength: 6, maxLength: 32, description: 'TOTP or recovery code' }),
})
export const PhoneCodeBody = Type.Object({ code: Code })
export const ResetConfirmBody = Type.Object({
  token: Text({ minLength: 1, maxLength: 512 }),
  new_password: Password,
})
export const ChallengeBody = Type.Object({
  mfa_token: Text({ minLength: 1, maxLength: 512 }),
  code: Text({ minLength: 6, maxLength: 32, description: 'A TOTP code or an unused recovery code' }),
})

export const ApiKeySchema = Type.Object({
  prefix: Type.String({ description: 'First characters of the key, for recognising it' }),
  created_at: Type.String({ format: 'date-time' }),
  last_used_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  key: Type.Optional(Type.String({ description: 'The plaintext key: only in the answer that created it' })),
})
export type ApiKeyInfo = Static<typeof ApiKeySchema>

export const TotpSetupResponse = Type.Object({ secret: Type.String(), otpauth_url: Type.String() })
export const RecoveryCodesResponse = Type.Object({
  mfa_enabled: Type.Literal(true),
  recovery_codes: Type.Array(Type.String(), { description: 'Shown once; each works once' }),
})
export const PhoneSentResponse = Type.Object({ sent: Type.Literal(true), expires_in: Type.Integer() })
export const StatusResponse = Type.Object({ status: Type.String() })
