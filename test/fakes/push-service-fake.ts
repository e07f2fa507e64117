/**
 * Loopback fake of a web push service (RFC 8030 delivery, RFC 8292 VAPID, RFC 8291 encryption)
 * over HTTPS with a self-signed certificate, answering like Mozilla's autopush (JSON errors with
 * `errno`). POST /push/:id requires TTL, validates Urgency and Topic, verifies the VAPID JWT
 * (ES256, aud = this origin, exp at most 24 h ahead, a mailto:/https: sub) against `k`, decrypts the
 * body with the subscription's user-agent keys and records the message.
 *
 *   const push = await startPushServiceFake()
 *   const sub = push.subscribe(vapidPublicKey)     // what a browser's PushSubscription.toJSON() holds
 *   const sender = createWebPushSender({ keys, subject, agent: push.agent })
 *   push.messages[0]?.payload                      // the decrypted text
 */
import { randomBytes } from 'node:crypto'
import { Agent, createServer, type Server } from 'node:https'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { importJWK, jwtVerify } from 'jose'
import { selfSignedCert } from './self-signed-cert.ts'
import { decryptAes128gcm, DecryptError, userAgentKeys, type UserAgentKeys } from './web-push-crypto.ts'

export interface FakeSubscription {
  endpoint: string
  expirationTime: null
  keys: { p256dh: string; auth: string }
}

export interface PushServiceMessage {
  subscriptionId: string
  /** The decrypted payload text. */
  payload: string
  ttl: number
  urgency: string
  topic: string | undefined
  vapid: { sub: string; aud: string; exp: number; k: string }
}

export interface PushServiceRequest {
  path: string
  status: number
  errno?: number
}

export interface PushServiceFake {
  readonly origin: string
  /** Trusts the fake's certificate: pass to the sender (web-push's `agent` option). */
  readonly agent: Agent
  readonly ca: string
  readonly messages: PushServiceMessage[]
  readonly requests: PushServiceRequest[]
  /** A new subscription; with `applicationServerKey`, only that VAPID key may push to it (else 403). */
  subscribe(applicationServerKey?: string): FakeSubscription
  /** The user agent's keys of a subscription (to decrypt or check by hand). */
  userAgent(endpoint: string): UserAgentKeys | undefined
  /** The subscription ends: later pushes get 410 (errno 106). */
  expire(endpoint: string): void
  /** The next valid push gets this answer instead of 201 (e.g. 429 with retryAfter '120'). */
  failNext(status: number, opts?: { retryAfter?: string; errno?: number }): void
  close(): Promise<void>
}

interface Sub {
  ua: UserAgentKeys
  serverKey: string | undefined
  expired: boolean
}

const URGENCIES = new Set(['very-low', 'low', 'normal', 'high'])
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/
const MAX_BODY = 4096
const DAY_S = 86_400

function mozillaError(
  res: ServerResponse,
  status: number,
  errno: number,
  message: string,
  headers: Record<string, string> = {},
) {
  const error =
    {
      400: 'Bad Request',
      401: 'Unauthorized',
      403: 'Forbidden',
      404: 'Not Found',
      410: 'Gone',
      413: 'Payload Too Large',
      429: 'Too Many Requests',
    }[status] ?? 'Server Error'
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify({ code: status, errno, error, message }))
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

/** `vapid t=<jwt>, k=<key>` → its parts. */
function parseVapid(header: string | undefined): { t: string; k: string } | undefined {
  const m = /^vapid\s+(.+)$/i.exec(header ?? '')
  if (!m?.[1]) return undefined
  const params = Object.fromEntries(
    m[1].split(',').map((p) => {
      const i = p.indexOf('=')
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()]
    }),
  )
  return params['t'] && params['k'] ? { t: params['t'], k: params['k'] } : undefined
}

type Verdict =
  | { ok: true; claims: PushServiceMessage['vapid'] }
  | { ok: false; status: number; errno: number; message: string }

async function verifyVapid(
  header: string | undefined,
  origin: string,
  serverKey: string | undefined,
): Promise<Verdict> {
  const vapid = parseVapid(header)
  if (!vapid) return { ok: false, status: 401, errno: 109, message: 'missing VAPID authorization' }
  if (serverKey !== undefined && vapid.k !== serverKey)
    return { ok: false, status: 403, errno: 109, message: 'k is not the key this subscription was made with' }
  const raw = Buffer.from(vapid.k, 'base64url')
  if (raw.length !== 65 || raw[0] !== 4)
    return { ok: false, status: 401, errno: 109, message: 'k is not a P-256 point' }
  try {
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    }
    const { payload } = await jwtVerify(vapid.t, await importJWK(jwk, 'ES256'), {
      algorithms: ['ES256'],
      audience: origin,
    })
    const now = Math.floor(Date.now() / 1000)
    if (typeof payload.exp !== 'number' || payload.exp - now > DAY_S)
      return { ok: false, status: 403, errno: 109, message: 'exp more than 24 hours ahead' }
    if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub))
      return { ok: false, status: 403, errno: 109, message: 'sub must be a mailto: or https: contact' }
    return { ok: true, claims: { sub: payload.sub, aud: origin, exp: payload.exp, k: vapid.k } }
  } catch (e) {
    return { ok: false, status: 403, errno: 109, message: `invalid VAPID JWT: ${(e as Error).message}` }
  }
}

/** RFC 8030 request headers; undefined when fine. */
function headerProblem(req: IncomingMessage): string | undefined {
  const ttl = req.headers['ttl']
  if (typeof ttl !== 'string' || !/^\d+$/.test(ttl)) return 'TTL header missing or not a number'
  const urgency = req.headers['urgency']
  if (urgency !== undefined && (typeof urgency !== 'string' || !URGENCIES.has(urgency)))
    return 'invalid Urgency'
  const topic = req.headers['topic']
  if (topic !== undefined && (typeof topic !== 'string' || !TOPIC.test(topic))) return 'invalid Topic'
  if (req.headers['content-encoding'] !== 'aes128gcm') return 'Content-Encoding must be aes128gcm'
  return undefined
}

export async function startPushServiceFake(): Promise<PushServiceFake> {
  const tls = selfSignedCert()
  const subs = new Map<string, Sub>()
  const messages: PushServiceMessage[] = []
  const requests: PushServiceRequest[] = []
  const scripted: Array<{ status: number; retryAfter?: string; errno?: number }> = []
  let origin = ''

  const answer = (
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    errno: number,
    message: string,
    headers?: Record<string, string>,
  ) => {
    requests.push({ path: req.url ?? '', status, errno })
    mozillaError(res, status, errno, message, headers)
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const m = /^\/push\/([A-Za-z0-9_-]+)$/.exec(req.url ?? '')
    const body = await readBody(req)
    if (req.method !== 'POST' || !m?.[1]) return answer(req, res, 404, 102, 'no such endpoint')
    const id = m[1]
    const sub = subs.get(id)
    if (!sub) return answer(req, res, 404, 102, 'Request did not validate invalid token')
    if (sub.expired) return answer(req, res, 410, 106, 'subscription expired')
    const problem = headerProblem(req)
    if (problem) return answer(req, res, 400, problem.startsWith('Content') ? 110 : 111, problem)
    if (body.length > MAX_BODY) return answer(req, res, 413, 104, 'payload too large')
    const vapid = await verifyVapid(req.headers['authorization'], origin, sub.serverKey)
    if (!vapid.ok) return answer(req, res, vapid.status, vapid.errno, vapid.message)
    const next = scripted.shift()
    if (next) {
      const headers: Record<string, string> = next.retryAfter ? { 'retry-after': next.retryAfter } : {}
      return answer(
        req,
        res,
        next.status,
        next.errno ?? (next.status === 429 ? 201 : 202),
        'scripted',
        headers,
      )
    }
    let payload: string
    try {
      payload = decryptAes128gcm(body, sub.ua).toString('utf8')
    } catch (e) {
      if (e instanceof DecryptError) return answer(req, res, 400, 110, `cannot decrypt: ${e.message}`)
      throw e
    }
    const topic = req.headers['topic']
    messages.push({
      subscriptionId: id,
      payload,
      ttl: Number(req.headers['ttl']),
      urgency: (req.headers['urgency'] as string | undefined) ?? 'normal',
      topic: typeof topic === 'string' ? topic : undefined,
      vapid: vapid.claims,
    })
    requests.push({ path: req.url ?? '', status: 201 })
    const messageId = randomBytes(12).toString('base64url')
    res.writeHead(201, {
      location: `${origin}/m/${messageId}`,
      ttl: String(req.headers['ttl']),
      'content-type': 'application/json',
    })
    res.end(JSON.stringify({ 'message-id': messageId }))
  }

  const server: Server = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    handle(req, res).catch((e: unknown) => {
      res.writeHead(500)
      res.end(String(e))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`
  const agent = new Agent({ ca: tls.cert, keepAlive: false })
  const idOf = (endpoint: string) => endpoint.slice(endpoint.lastIndexOf('/') + 1)

  return {
    origin,
    agent,
    ca: tls.cert,
    messages,
    requests,
    subscribe(applicationServerKey) {
      const id = randomBytes(16).toString('base64url')
      const ua = userAgentKeys()
      subs.set(id, { ua, serverKey: applicationServerKey, expired: false })
      return {
        endpoint: `${origin}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: ua.p256dh, auth: ua.auth },
      }
    },
    userAgent: (endpoint) => subs.get(idOf(endpoint))?.ua,
    expire(endpoint) {
      const sub = subs.get(idOf(endpoint))
      if (sub) sub.expired = true
    },
    failNext(status, opts = {}) {
      scripted.push({ status, ...opts })
    },
    close() {
      agent.destroy()
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeAllConnections()
      return closed
    },
  }
}
