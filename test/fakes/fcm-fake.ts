/**
 * Loopback fake of FCM HTTP v1 and Google's OAuth token endpoint, speaking their wire formats:
 * POST /token (form, JWT-bearer grant; the RS256 assertion is verified with the test service
 * account's public key) → {access_token, expires_in, token_type}; POST /v1/projects/:p/messages:send
 * with a Bearer token → 200 {name} or Google's error JSON with an FcmError detail.
 *
 *   const fcm = await startFcmFake()
 *   const sender = createFcmSender({ http, account: fcm.account, baseUrl: fcm.baseUrl })
 *   fcm.unregister(token)            // next send → 404 UNREGISTERED
 *   fcm.failNext('QUOTA_EXCEEDED', { retryAfter: '90' })
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { jwtVerify } from 'jose'

export interface FcmFakeAccount {
  project_id: string
  client_email: string
  private_key: string
  token_uri: string
}

export interface FcmFakeMessage {
  project: string
  accessToken: string
  message: Record<string, unknown>
  name: string
}

export type FcmFakeCode =
  | 'QUOTA_EXCEEDED'
  | 'UNAVAILABLE'
  | 'INTERNAL'
  | 'THIRD_PARTY_AUTH_ERROR'
  | 'SENDER_ID_MISMATCH'
  | 'UNREGISTERED'
  | 'INVALID_ARGUMENT'

export interface FcmFake {
  readonly baseUrl: string
  /** The service-account JSON (as FCM_SERVICE_ACCOUNT holds it), token_uri pointing here. */
  readonly account: FcmFakeAccount
  readonly messages: FcmFakeMessage[]
  /** Grants issued (each a token request that succeeded). */
  readonly grants: Array<{ accessToken: string; claims: Record<string, unknown> }>
  /** Every request, to count calls per path. */
  readonly requests: Array<{ path: string; status: number }>
  /** Seconds the next grants last (default 3599). */
  expiresIn: number
  unregister(token: string): void
  /** Access tokens issued so far stop working (401 UNAUTHENTICATED). */
  revokeAccessTokens(): void
  failNext(code: FcmFakeCode, opts?: { retryAfter?: string }): void
  /** The next token request fails with this status and OAuth error. */
  failNextToken(status: number, error: string): void
  close(): Promise<void>
}

const HTTP: Record<string, [number, string]> = {
  UNREGISTERED: [404, 'NOT_FOUND'],
  INVALID_ARGUMENT: [400, 'INVALID_ARGUMENT'],
  SENDER_ID_MISMATCH: [403, 'PERMISSION_DENIED'],
  QUOTA_EXCEEDED: [429, 'RESOURCE_EXHAUSTED'],
  UNAVAILABLE: [503, 'UNAVAILABLE'],
  INTERNAL: [500, 'INTERNAL'],
  THIRD_PARTY_AUTH_ERROR: [401, 'UNAUTHENTICATED'],
}

const FCM_ERROR_TYPE = 'type.googleapis.com/google.firebase.fcm.v1.FcmError'
const BAD_REQUEST_TYPE = 'type.googleapis.com/google.rpc.BadRequest'

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers })
  res.end(JSON.stringify(body))
}

/** Google's API error with an FcmError detail (and field violations for INVALID_ARGUMENT). */
export function fcmError(code: string, message: string, field?: string): { status: number; body: unknown } {
  const [status, grpc] = HTTP[code] ?? [500, 'INTERNAL']
  const details: unknown[] = [{ '@type': FCM_ERROR_TYPE, errorCode: code }]
  if (field) details.push({ '@type': BAD_REQUEST_TYPE, fieldViolations: [{ field, description: message }] })
  return { status, body: { error: { code: status, message, status: grpc, details } } }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = ''
    req.on('data', (c: Buffer) => (text += c.toString('utf8')))
    req.on('end', () => resolve(text))
    req.on('error', reject)
  })
}

const TOKEN = /^[A-Za-z0-9:_-]{8,4096}$/

/** What is wrong with a v1 message, as INVALID_ARGUMENT would say it; undefined when fine. */
function messageProblem(m: Record<string, unknown>): { message: string; field: string } | undefined {
  if (typeof m['token'] !== 'string')
    return { message: 'Exactly one of token, topic or condition is required', field: 'message' }
  if (!TOKEN.test(m['token']))
    return { message: 'The registration token is not a valid FCM registration token', field: 'message.token' }
  const n = m['notification'] as Record<string, unknown> | undefined
  if (n && (typeof n['title'] !== 'string' || typeof n['body'] !== 'string'))
    return { message: 'notification title and body must be strings', field: 'message.notification' }
  const data = m['data']
  if (data !== undefined) {
    if (typeof data !== 'object' || data === null)
      return { message: 'data must be a map', field: 'message.data' }
    for (const [k, v] of Object.entries(data)) {
      if (typeof v !== 'string')
        return {
          message: `Invalid value at 'message.data[${k}].value' (TYPE_STRING)`,
          field: `message.data[${k}].value`,
        }
    }
  }
  const ttl = (m['android'] as Record<string, unknown> | undefined)?.['ttl']
  if (ttl !== undefined && (typeof ttl !== 'string' || !/^\d+(\.\d{1,9})?s$/.test(ttl)))
    return { message: 'Invalid duration for android.ttl', field: 'message.android.ttl' }
  return undefined
}

export async function startFcmFake(opts: { projectId?: string } = {}): Promise<FcmFake> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const projectId = opts.projectId ?? 'sextant-test'
  const messages: FcmFakeMessage[] = []
  const grants: FcmFake['grants'] = []
  const requests: FcmFake['requests'] = []
  const live = new Set<string>()
  const unregistered = new Set<string>()
  const scripted: Array<{ code: FcmFakeCode; retryAfter?: string }> = []
  const scriptedToken: Array<{ status: number; error: string }> = []
  let baseUrl = ''
  const account: FcmFakeAccount = {
    project_id: projectId,
    client_email: `push@${projectId}.iam.gserviceaccount.com`,
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    token_uri: '',
  }

  const reply = (
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    body: unknown,
    headers?: Record<string, string>,
  ) => {
    requests.push({ path: new URL(req.url ?? '/', 'http://x').pathname, status })
    send(res, status, body, headers)
  }

  async function token(req: IncomingMessage, res: ServerResponse, text: string) {
    const form = new URLSearchParams(text)
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
      return reply(req, res, 400, {
        error: 'unsupported_grant_type',
        error_description: 'Invalid grant_type',
      })
    const failure = scriptedToken.shift()
    if (failure)
      return reply(req, res, failure.status, { error: failure.error, error_description: 'scripted' })
    try {
      const { payload } = await jwtVerify(form.get('assertion') ?? '', publicKey, {
        algorithms: ['RS256'],
        issuer: account.client_email,
        audience: account.token_uri,
      })
      const { iat, exp, scope } = payload as { iat?: number; exp?: number; scope?: string }
      if (typeof iat !== 'number' || typeof exp !== 'number' || exp - iat > 3600)
        return reply(req, res, 400, {
          error: 'invalid_grant',
          error_description: 'Invalid JWT: exp more than 1 hour after iat',
        })
      if (!scope?.split(' ').includes('https://www.googleapis.com/auth/firebase.messaging'))
        return reply(req, res, 400, {
          error: 'invalid_scope',
          error_description: 'firebase.messaging scope missing',
        })
      const accessToken = `ya29.${randomBytes(24).toString('base64url')}`
      live.add(accessToken)
      grants.push({ accessToken, claims: payload })
      return reply(req, res, 200, {
        access_token: accessToken,
        expires_in: fake.expiresIn,
        token_type: 'Bearer',
      })
    } catch (e) {
      return reply(req, res, 400, {
        error: 'invalid_grant',
        error_description: `Invalid JWT Signature: ${(e as Error).message}`,
      })
    }
  }

  function messagesSend(req: IncomingMessage, res: ServerResponse, project: string, text: string) {
    const bearer = /^Bearer (.+)$/.exec(req.headers['authorization'] ?? '')?.[1]
    if (!bearer || !live.has(bearer)) {
      const body = {
        error: {
          code: 401,
          message: 'Request had invalid authentication credentials.',
          status: 'UNAUTHENTICATED',
        },
      }
      return reply(req, res, 401, body)
    }
    if (project !== projectId) {
      const body = {
        error: { code: 403, message: 'Permission denied on project', status: 'PERMISSION_DENIED' },
      }
      return reply(req, res, 403, body)
    }
    let message: Record<string, unknown>
    try {
      message = (JSON.parse(text) as { message: Record<string, unknown> }).message
      if (typeof message !== 'object' || message === null) throw new Error('no message')
    } catch {
      const e = fcmError('INVALID_ARGUMENT', 'Invalid JSON payload received.', 'message')
      return reply(req, res, e.status, e.body)
    }
    const problem = messageProblem(message)
    if (problem) {
      const e = fcmError('INVALID_ARGUMENT', problem.message, problem.field)
      return reply(req, res, e.status, e.body)
    }
    if (unregistered.has(message['token'] as string)) {
      const e = fcmError('UNREGISTERED', 'Requested entity was not found.')
      return reply(req, res, e.status, e.body)
    }
    const next = scripted.shift()
    if (next) {
      const e = fcmError(next.code, `scripted ${next.code}`)
      return reply(req, res, e.status, e.body, next.retryAfter ? { 'retry-after': next.retryAfter } : {})
    }
    const name = `projects/${project}/messages/0:${Date.now()}%${randomBytes(8).toString('hex')}`
    messages.push({ project, accessToken: bearer, message, name })
    return reply(req, res, 200, { name })
  }

  const server = createServer((req, res) => {
    void readBody(req).then(async (text) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname
      const m = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(path)
      if (req.method === 'POST' && path === '/token') return token(req, res, text)
      if (req.method === 'POST' && m?.[1]) return messagesSend(req, res, decodeURIComponent(m[1]), text)
      return reply(req, res, 404, { error: { code: 404, message: 'Not Found', status: 'NOT_FOUND' } })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  account.token_uri = `${baseUrl}/token`

  const fake: FcmFake = {
    baseUrl,
    account,
    messages,
    grants,
    requests,
    expiresIn: 3599,
    unregister: (t) => void unregistered.add(t),
    revokeAccessTokens: () => live.clear(),
    failNext: (code, o = {}) => void scripted.push({ code, ...o }),
    failNextToken: (status, error) => void scriptedToken.push({ status, error }),
    close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeAllConnections()
      return closed
    },
  }
  return fake
}
