/** MFA routes: TOTP enrolment and removal, and the login challenge. */
import type { App } from '../../../platform/http/app-type.ts'
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import { problems } from '../../../platform/http/problem.ts'
import { NoContent } from '../../../platform/http/schemas.ts'
import type { Identity } from './index.ts'
import { ctxOf, grant, perIp } from './identity.routes.ts'
import * as S from './identity.schemas.ts'
import { TOKENS } from './identity.examples.ts'

const tags = ['auth']

export function mfaRoutes(app: App, deps: { identity: Identity }): void {
  setupTotpRoute(app, deps)
  verifyTotpRoute(app, deps)
  disableTotpRoute(app, deps)
  mfaChallengeRoute(app, deps)
}

function setupTotpRoute(app: App, { identity: id }: { identity: Identity }): void {
  app.post(
    '/api/auth/mfa/totp/setup',
    {
      schema: {
        operationId: 'setupTotp',
        summary: 'Start TOTP enrolment: a secret and otpauth:// URL for an authenticator app',
        description:
          'Starts enrolling an authenticator app: a new base32 secret and its otpauth:// URL (render it as a QR ' +
          'code). TOTP is not active until POST /api/auth/mfa/totp/verify; calling setup again replaces the ' +
          'pending secret. 409 `auth.mfa_already_enabled` when TOTP is already on.',
        examples: {
          200: {
            description: 'The secret and its otpauth:// URL (not stored by caches)',
            value: {
              secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
              otpauth_url:
                'otpauth://totp/Sextant:ada%40example.com?issuer=Sextant&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30',
            },
          },
        },
        tags,
        response: { 200: S.TotpSetupResponse, ...problems(401, 409) },
      },
    },
    async (req, reply) => reply.header('cache-control', 'no-store').send(await id.mfa.setup(scopeOf(req))),
  )
}

function verifyTotpRoute(app: App, { identity: id }: { identity: Identity }): void {
  app.post(
    '/api/auth/mfa/totp/verify',
    {
      schema: {
        operationId: 'verifyTotp',
        summary: 'Confirm enrolment with a first code; returns 10 one-time recovery codes',
        description:
          'Turns TOTP on with a first 6-digit code from the app and returns 10 recovery codes, shown only ' +
          'here; each works once in place of a code. 409 when setup was not called (`auth.mfa_not_set_up`) or ' +
          'TOTP is already on; 422 for a wrong code. From then on, login answers an mfa_token.',
        examples: {
          body: { code: '492039' },
          200: {
            description: 'TOTP is on; the recovery codes (shown once)',
            value: {
              mfa_enabled: true,
              recovery_codes: [
                '7KQ2M-XW9DP',
                'R4T8N-2HC6V',
                'B3ZQ7-KM5XJ',
                'W9P2D-6RTNC',
                'H5XK3-QV8MZ',
                'N2CJ6-D7WPR',
                'F8MV4-TZ2KQ',
                'Q6RD9-XH3BW',
                'J3NW5-C8KTV',
                'Z7HP2-M4DXR',
              ],
            },
          },
        },
        tags,
        body: S.PhoneCodeBody,
        response: { 200: S.RecoveryCodesResponse, ...problems(401, 409, 422) },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await id.mfa.verify(scopeOf(req), req.body.code, ctxOf(req))),
  )
}

function disableTotpRoute(app: App, { identity: id }: { identity: Identity }): void {
  app.delete(
    '/api/auth/mfa/totp',
    {
      schema: {
        operationId: 'disableTotp',
        summary: 'Remove TOTP (a current code or a recovery code is required)',
        description:
          'Turns TOTP off, given a current code or an unused recovery code (422 otherwise); the recovery codes ' +
          'are deleted. 409 `auth.mfa_not_enabled` when TOTP is not on.',
        examples: {
          body: { code: '492039' },
          204: { description: 'TOTP is off; login no longer asks for a code' },
        },
        tags,
        body: S.CodeBody,
        response: { 204: NoContent('Removed'), ...problems(401, 409, 422) },
      },
    },
    async (req, reply) => {
      await id.mfa.disable(scopeOf(req), req.body.code, ctxOf(req))
      return reply.code(204).send(null)
    },
  )
}

function mfaChallengeRoute(app: App, { identity: id }: { identity: Identity }): void {
  app.post(
    '/api/auth/mfa/challenge',
    {
      config: { auth: 'public', rateLimit: perIp(id.config.LOGINS_PER_IP_PER_MINUTE, '1 minute') },
      schema: {
        operationId: 'mfaChallenge',
        summary: 'Finish an MFA login with a TOTP or recovery code; same answer as /token',
        description:
          'The second step of a login for a user with MFA: the mfa_token from POST /api/auth/token (valid 5 ' +
          'minutes, 5 attempts) and a TOTP code or a recovery code. Answers like a login: tokens in the body ' +
          'and the `svc_token` cookie. A wrong or replayed code, or an expired token, answers 400 ' +
          '`invalid_grant` (RFC 6749 form). Limited per IP address (429).',
        examples: {
          body: { mfa_token: 'mfa_17.Zt4uV8wX1yA5bC9dE3fG7hJ2kL6mN0pQ4rS8tU2vW6x', code: '492039' },
          200: {
            description: 'An access token (also set as the `svc_token` cookie) and a refresh token',
            value: TOKENS,
          },
          400: {
            description:
              'RFC 6749 §5.2 error: invalid_grant (wrong or used code, expired or unknown mfa_token)',
            value: { error: 'invalid_grant', error_description: 'Invalid or expired code' },
          },
        },
        tags,
        body: S.ChallengeBody,
        response: { 200: S.TokenResponse, 400: S.OAuthError, ...problems(422, 429) },
      },
    },
    (req, reply) =>
      grant(reply, id.config, () => id.mfa.challenge(req.body.mfa_token, req.body.code, ctxOf(req))),
  )
}
