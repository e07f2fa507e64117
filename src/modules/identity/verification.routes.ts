/** Routes of spec §4.2 and phone verification: e-mail link and code, password reset, phone code. */
import type { App } from '../../app/types.ts'
import { scopeOf } from '../../platform/auth/authenticate.ts'
import { problems } from '../../platform/http/problem.ts'
import { NoContent } from '../../platform/http/schemas.ts'
import type { Identity } from './index.ts'
import { ctxOf, perIp } from './identity.http.ts'
import * as S from './identity.schemas.ts'

const tags = ['auth']
const accepted = { 204: NoContent('Accepted (whether or not the account exists)'), ...problems(422, 429) }

export function verificationRoutes(app: App, { identity: id }: { identity: Identity }): void {
  const budget = perIp(id.config.MESSAGES_PER_IP_PER_HOUR, '1 hour')
  const v = id.verification

  app.post(
    '/api/auth/verify-email/request',
    {
      config: { auth: 'public', rateLimit: budget },
      schema: {
        operationId: 'requestEmailVerification',
        summary: 'E-mail a fresh verification link (always 204)',
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

  app.post(
    '/api/auth/verify-email/confirm',
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'confirmEmailVerification',
        summary: 'Verify the e-mail address with the link token',
        tags,
        body: S.TokenBody,
        response: { 200: S.RegisterResponse, ...problems(422) },
      },
    },
    async (req) => ({ user: await v.confirmEmailLink(req.body.token) }),
  )

  app.post(
    '/api/auth/verify-email/code/request',
    {
      config: { auth: 'public', rateLimit: budget },
      schema: {
        operationId: 'requestEmailCode',
        summary: 'E-mail a 6-digit code (10 minutes, 5 attempts; always 204)',
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

  app.post(
    '/api/auth/verify-email/code/confirm',
    {
      config: { auth: 'public', rateLimit: perIp(id.config.LOGINS_PER_IP_PER_MINUTE, '1 minute') },
      schema: {
        operationId: 'confirmEmailCode',
        summary: 'Verify the e-mail address with the 6-digit code',
        tags,
        body: S.EmailCodeBody,
        response: { 200: S.RegisterResponse, ...problems(422, 429) },
      },
    },
    async (req) => ({ user: await v.confirmEmailCode(req.body.email, req.body.code) }),
  )

  app.post(
    '/api/auth/password-reset/request',
    {
      config: { auth: 'public', rateLimit: budget },
      schema: {
        operationId: 'requestPasswordReset',
        summary: 'E-mail a password-reset link (always 204)',
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

  app.post(
    '/api/auth/password-reset/confirm',
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'confirmPasswordReset',
        summary: 'Set a new password with the link token; revokes every session',
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

  app.post(
    '/api/auth/verify-phone/request',
    {
      config: { rateLimit: perIp(id.config.MESSAGES_PER_IP_PER_HOUR, '1 hour') },
      schema: {
        operationId: 'requestPhoneVerification',
        summary: 'Text a 6-digit code to the profile phone',
        tags,
        response: { 200: S.PhoneSentResponse, ...problems(401, 422, 429, 502) },
      },
    },
    (req) => v.requestPhoneCode(scopeOf(req)),
  )

  app.post(
    '/api/auth/verify-phone/confirm',
    {
      schema: {
        operationId: 'confirmPhoneVerification',
        summary: 'Verify the profile phone with the texted code',
        tags,
        body: S.PhoneCodeBody,
        response: { 200: S.RegisterResponse, ...problems(401, 422) },
      },
    },
    async (req) => ({ user: await v.confirmPhoneCode(scopeOf(req), req.body.code) }),
  )
}
