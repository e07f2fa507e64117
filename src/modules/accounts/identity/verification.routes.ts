/** Auth e-mail routes and phone verification: e-mail link and code, password reset, phone code. */
import type { App } from '../../../platform/http/app-type.ts'
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import { problems } from '../../../platform/http/problem.ts'
import { NoContent } from '../../../platform/http/schemas.ts'
import type { Identity } from './index.ts'
import { ctxOf, perIp } from './identity.routes.ts'
import * as S from './identity.schemas.ts'
import { USER } from './identity.examples.ts'

const tags = ['auth']
const accepted = { 204: NoContent('Accepted (whether or not the account exists)'), ...problems(422, 429) }

export function verificationRoutes(app: App, deps: { identity: Identity }): void {
  requestEmailVerificationRoute(app, deps)
  confirmEmailVerificationRoute(app, deps)
  requestEmailCodeRoute(app, deps)
  confirmEmailCodeRoute(app, deps)
  requestPasswordResetRoute(app, deps)
  confirmPasswordResetRoute(app, deps)
  requestPhoneVerificationRoute(app, deps)
  confirmPhoneVerificationRoute(app, deps)
}

function requestEmailVerificationRoute(app: App, { identity: id }: { identity: Identity }): void {
  const budget = perIp(id.config.MESSAGES_PER_IP_PER_HOUR, '1 hour')
  const v = id.verification
  app.post(
    '/api/auth/verify-email/request',
    {
      config: { auth: 'public', rateLimit: budget },
      schema: {
        operationId: 'requestEmailVerification',
        summary: 'E-mail a fresh verification link (always 204)',
        description:
          'E-mails a new verification link (to /verify-email?token=…) when the address belongs to an active, ' +
          'unverified account; the previous link stops working. Always 204, whether or not such an account ' +
          'exists (no account enumeration). Limited per IP address (429).',
        examples: { body: { email: 'ada@example.com' }, 204: { description: 'Accepted' } },
        tags,
        body: S.EmailBody,
        response: accepted,
      },
    },
    async (req, reply) => {
      await v.requestEmailLink(req.body.email)
      return reply.code(204).send(null)
    },
  )
}

function confirmEmailVerificationRoute(app: App, { identity: id }: { identity: Identity }): void {
  const v = id.verification
  app.post(
    '/api/auth/verify-email/confirm',
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'confirmEmailVerification',
        summary: 'Verify the e-mail address with the link token',
        description:
          'Marks the e-mail address verified with the token of the e-mailed link; the token works once. An ' +
          'unknown, used or expired token answers 422 (`loc: ["body","token"]`).',
        examples: {
          body: { token: '17.Hh3kQ9xV2mB7nC4zL8pR1sT6wY0aD5fG9jK2uE7iO3q' },
          200: { description: 'The user, now with email_verified=true', value: { user: USER } },
        },
        tags,
        body: S.TokenBody,
        response: { 200: S.UserEnvelope, ...problems(422) },
      },
    },
    async (req) => ({ user: await v.confirmEmailLink(req.body.token) }),
  )
}

function requestEmailCodeRoute(app: App, { identity: id }: { identity: Identity }): void {
  const budget = perIp(id.config.MESSAGES_PER_IP_PER_HOUR, '1 hour')
  const v = id.verification
  app.post(
    '/api/auth/verify-email/code/request',
    {
      config: { auth: 'public', rateLimit: budget },
      schema: {
        operationId: 'requestEmailCode',
        summary: 'E-mail a 6-digit code (10 minutes, 5 attempts; always 204)',
        description:
          'E-mails a 6-digit verification code instead of a link (for apps): valid 10 minutes, 5 attempts; ' +
          'a new request replaces the previous code. Always 204 (no account enumeration). Limited per IP (429).',
        examples: { body: { email: 'ada@example.com' }, 204: { description: 'Accepted' } },
        tags,
        body: S.EmailBody,
        response: accepted,
      },
    },
    async (req, reply) => {
      await v.requestEmailCode(req.body.email)
      return reply.code(204).send(null)
    },
  )
}

function confirmEmailCodeRoute(app: App, { identity: id }: { identity: Identity }): void {
  const v = id.verification
  app.post(
    '/api/auth/verify-email/code/confirm',
    {
      config: { auth: 'public', rateLimit: perIp(id.config.LOGINS_PER_IP_PER_MINUTE, '1 minute') },
      schema: {
        operationId: 'confirmEmailCode',
        summary: 'Verify the e-mail address with the 6-digit code',
        description:
          'Marks the e-mail address verified with the e-mailed 6-digit code. A wrong, expired or exhausted ' +
          'code, and an unknown address, all answer the same 422 (`loc: ["body","code"]`). Limited per IP (429).',
        examples: {
          body: { email: 'ada@example.com', code: '381204' },
          200: { description: 'The user, now with email_verified=true', value: { user: USER } },
        },
        tags,
        body: S.EmailCodeBody,
        response: { 200: S.UserEnvelope, ...problems(422, 429) },
      },
    },
    async (req) => ({ user: await v.confirmEmailCode(req.body.email, req.body.code) }),
  )
}

function requestPasswordResetRoute(app: App, { identity: id }: { identity: Identity }): void {
  const budget = perIp(id.config.MESSAGES_PER_IP_PER_HOUR, '1 hour')
  const v = id.verification
  app.post(
    '/api/auth/password-reset/request',
    {
      config: { auth: 'public', rateLimit: budget },
      schema: {
        operationId: 'requestPasswordReset',
        summary: 'E-mail a password-reset link (always 204)',
        description:
          'E-mails a password-reset link (to /reset-password?token=…) when the address belongs to an active ' +
          'account. Always 204, whether or not the account exists (no account enumeration). Limited per IP (429).',
        examples: { body: { email: 'ada@example.com' }, 204: { description: 'Accepted' } },
        tags,
        body: S.EmailBody,
        response: accepted,
      },
    },
    async (req, reply) => {
      await v.requestPasswordReset(req.body.email)
      return reply.code(204).send(null)
    },
  )
}

function confirmPasswordResetRoute(app: App, { identity: id }: { identity: Identity }): void {
  const v = id.verification
  app.post(
    '/api/auth/password-reset/confirm',
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'confirmPasswordReset',
        summary: 'Set a new password with the link token; revokes every session and the API key',
        description:
          'Sets a new password with the token of the e-mailed link (once). The password rules of registration ' +
          'apply (422 `validation.weak_password`); an unknown, used or expired token answers 422. Every session ' +
          '(access and refresh tokens) is revoked and the API key stops working (401): after logging in with ' +
          'the new password, GET /api/auth/api-key creates a new one. The e-mail address counts as verified.',
        examples: {
          body: { token: '17.Rk8vN2xQ5mB9cL3zT7pW1sY4hD6fG0jK2uE8iO5aV3q', new_password: 'quartz-meadow-77' },
          200: {
            description: 'The password is changed; log in again',
            value: { status: 'password_updated' },
          },
        },
        tags,
        body: S.ResetConfirmBody,
        response: { 200: S.StatusResponse, ...problems(422) },
      },
    },
    async (req) => {
      await v.confirmPasswordReset(req.body.token, req.body.new_password, ctxOf(req))
      return { status: 'password_updated' }
    },
  )
}

function requestPhoneVerificationRoute(app: App, { identity: id }: { identity: Identity }): void {
  const v = id.verification
  app.post(
    '/api/auth/verify-phone/request',
    {
      config: { rateLimit: perIp(id.config.MESSAGES_PER_IP_PER_HOUR, '1 hour') },
      schema: {
        operationId: 'requestPhoneVerification',
        summary: 'Text a 6-digit code to the profile phone',
        description:
          'Texts a 6-digit code (valid 10 minutes) to the phone on the profile. 422 when the profile has no ' +
          'phone (set one with PATCH /api/auth/me); 502 when the SMS provider fails. Limited per IP (429).',
        examples: { 200: { description: 'The code was sent', value: { sent: true, expires_in: 600 } } },
        tags,
        response: { 200: S.PhoneSentResponse, ...problems(401, 422, 429, 502) },
      },
    },
    (req) => v.requestPhoneCode(scopeOf(req)),
  )
}

function confirmPhoneVerificationRoute(app: App, { identity: id }: { identity: Identity }): void {
  const v = id.verification
  app.post(
    '/api/auth/verify-phone/confirm',
    {
      schema: {
        operationId: 'confirmPhoneVerification',
        summary: 'Verify the profile phone with the texted code',
        description:
          'Marks the profile phone verified with the texted 6-digit code. A wrong or expired code answers 422 ' +
          '(`loc: ["body","code"]`).',
        examples: {
          body: { code: '730915' },
          200: {
            description: 'The user, now with phone_verified=true',
            value: { user: { ...USER, phone: '+15551234567', phone_verified: true } },
          },
        },
        tags,
        body: S.PhoneCodeBody,
        response: { 200: S.UserEnvelope, ...problems(401, 422) },
      },
    },
    async (req) => ({ user: await v.confirmPhoneCode(scopeOf(req), req.body.code) }),
  )
}
