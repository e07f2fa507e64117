/**
 * Loopback fake of the APNs provider API over HTTP/2 with TLS (a self-signed certificate: pass
 * `ca` to the sender). POST /3/device/:token checks the ES256 provider JWT (kid, iss, iat at most an
 * hour old), apns-topic, apns-push-type, apns-priority and apns-collapse-id, and answers 200 with an
 * apns-id or `{reason}` (410 with a millisecond `timestamp`), like Apple.
 *
 *   const apns = await startApnsFake()
 *   const sender = createApnsSender({ ...apns.credentials, host: apns.host, ca: apns.ca })
 *   apns.unregister(token)                    // next push → 410 Unregistered
 *   apns.failNext(429, 'TooManyRequests')
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto'
import {
  createSecureServer,
  type Http2SecureServer,
  type IncomingHttpHeaders,
  type ServerHttp2Session,
  type ServerHttp2Stream,
} from 'node:http2'
import type { AddressInfo } from 'node:net'
import { decodeProtectedHeader, jwtVerify } from 'jose'
import { selfSignedCert } from './self-signed-cert.ts'

export interface ApnsFakeNotification {
  token: string
  headers: Record<string, string>
  payload: Record<string, unknown>
  apnsId: string
  /** Which HTTP/2 session (connection) carried it, numbered from 1. */
  session: number
  /** The provider JWT's `iat`. */
  iat: number
}

export interface ApnsFake {
  /** https://127.0.0.1:<port> (APNS_HOST). */
  readonly host: string
  readonly ca: string
  readonly credentials: { key: string; keyId: string; teamId: string; topic: string }
  readonly notifications: ApnsFakeNotification[]
  readonly requests: Array<{ token: string; status: number; reason?: string; session: number }>
  /** Connections opened so far. */
  readonly sessions: number
  /** Provider JWTs seen (distinct tokens). */
  readonly providerTokens: Set<string>
  unregister(token: string, at?: Date): void
  /** The next push gets this status and reason (e.g. 429 TooManyRequests, 403 ExpiredProviderToken). */
  failNext(status: number, reason: string): void
  /** Sends GOAWAY on every open connection. */
  goAway(): void
  close(): Promise<void>
}

const PUSH_TYPES = new Set([
  'alert',
  'background',
  'voip',
  'complication',
  'fileprovider',
  'mdm',
  'location',
  'liveactivity',
  'pushtotalk',
  'widgets',
])
const MAX_PAYLOAD = 4096

type Verdict = { status: number; reason: string } | { iat: number; jwt: string }

async function checkProviderToken(
  headers: IncomingHttpHeaders,
  creds: ApnsFake['credentials'],
  publicKey: ReturnType<typeof generateKeyPairSync>['publicKey'],
): Promise<Verdict> {
  const jwt = /^bearer (.+)$/i.exec(String(headers['authorization'] ?? ''))?.[1]
  if (!jwt) return { status: 403, reason: 'MissingProviderToken' }
  try {
    const header = decodeProtectedHeader(jwt)
    if (header.alg !== 'ES256' || header.kid !== creds.keyId)
      return { status: 403, reason: 'InvalidProviderToken' }
    const { payload } = await jwtVerify(jwt, publicKey, { algorithms: ['ES256'], issuer: creds.teamId })
    if (typeof payload.iat !== 'number') return { status: 403, reason: 'InvalidProviderToken' }
    if (Math.floor(Date.now() / 1000) - payload.iat > 3600)
      return { status: 403, reason: 'ExpiredProviderToken' }
    return { iat: payload.iat, jwt }
  } catch {
    return { status: 403, reason: 'InvalidProviderToken' }
  }
}

/** Header rules Apple enforces; undefined when fine. */
function headerReason(h: IncomingHttpHeaders, topic: string): string | undefined {
  const t = h['apns-topic']
  if (typeof t !== 'string' || t === '') return 'MissingTopic'
  if (t !== topic) return 'TopicDisallowed'
  const type = h['apns-push-type']
  if (typeof type !== 'string' || !PUSH_TYPES.has(type)) return 'InvalidPushType'
  const priority = h['apns-priority']
  if (priority !== undefined && priority !== '5' && priority !== '10') return 'BadPriority'
  const exp = h['apns-expiration']
  if (exp !== undefined && !/^\d+$/.test(String(exp))) return 'BadExpirationDate'
  const collapse = h['apns-collapse-id']
  if (collapse !== undefined && Buffer.byteLength(String(collapse)) > 64) return 'BadCollapseId'
  return undefined
}

export async function startApnsFake(): Promise<ApnsFake> {
  const tls = selfSignedCert()
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const credentials = {
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    keyId: 'KEY1234567',
    teamId: 'TEAM123456',
    topic: 'com.example.sextant',
  }
  const notifications: ApnsFakeNotification[] = []
  const requests: ApnsFake['requests'] = []
  const unregistered = new Map<string, number>()
  const scripted: Array<{ status: number; reason: string }> = []
  const open = new Set<ServerHttp2Session>()
  const sessionIds = new WeakMap<ServerHttp2Session, number>()
  const providerTokens = new Set<string>()
  let sessions = 0

  function answer(
    stream: ServerHttp2Stream,
    token: string,
    status: number,
    body?: Record<string, unknown>,
    apnsId?: string,
  ) {
    const session = sessionIds.get(stream.session as ServerHttp2Session) ?? 0
    const reason = typeof body?.['reason'] === 'string' ? body['reason'] : undefined
    requests.push(reason === undefined ? { token, status, session } : { token, status, reason, session })
    stream.respond({
      ':status': status,
      'apns-id': apnsId ?? randomUUID(),
      ...(body ? { 'content-type': 'application/json' } : {}),
    })
    stream.end(body ? JSON.stringify(body) : undefined)
  }

  async function handle(stream: ServerHttp2Stream, headers: IncomingHttpHeaders, body: Buffer) {
    const m = /^\/3\/device\/([^/]*)$/.exec(String(headers[':path']))
    if (headers[':method'] !== 'POST') return answer(stream, '', 405, { reason: 'MethodNotAllowed' })
    if (!m) return answer(stream, '', 404, { reason: 'BadPath' })
    const token = m[1] ?? ''
    const auth = await checkProviderToken(headers, credentials, publicKey)
    if ('reason' in auth) return answer(stream, token, auth.status, { reason: auth.reason })
    providerTokens.add(auth.jwt)
    if (token === '') return answer(stream, token, 400, { reason: 'MissingDeviceToken' })
    const bad = headerReason(headers, credentials.topic)
    if (bad) return answer(stream, token, 400, { reason: bad })
    if (!/^[0-9a-f]{64}$/i.test(token)) return answer(stream, token, 400, { reason: 'BadDeviceToken' })
    if (body.length > MAX_PAYLOAD) return answer(stream, token, 413, { reason: 'PayloadTooLarge' })
    let payload: Record<string, unknown>
    try {
      payload = JSON.parse(body.toString('utf8')) as Record<string, unknown>
      if (typeof payload['aps'] !== 'object' || payload['aps'] === null) throw new Error('no aps')
    } catch {
      return answer(stream, token, 400, { reason: 'PayloadEmpty' })
    }
    const gone = unregistered.get(token)
    if (gone !== undefined) return answer(stream, token, 410, { reason: 'Unregistered', timestamp: gone })
    const next = scripted.shift()
    if (next) return answer(stream, token, next.status, { reason: next.reason })
    const apnsId = typeof headers['apns-id'] === 'string' ? headers['apns-id'] : randomUUID()
    const plain = Object.fromEntries(
      Object.entries(headers).filter(([k, v]) => !k.startsWith(':') && typeof v === 'string'),
    ) as Record<string, string>
    notifications.push({
      token,
      headers: plain,
      payload,
      apnsId,
      session: sessionIds.get(stream.session as ServerHttp2Session) ?? 0,
      iat: auth.iat,
    })
    return answer(stream, token, 200, undefined, apnsId)
  }

  const server: Http2SecureServer = createSecureServer({ key: tls.key, cert: tls.cert })
  server.on('session', (session) => {
    sessions++
    sessionIds.set(session, sessions)
    open.add(session)
    session.on('close', () => open.delete(session))
    session.on('error', () => open.delete(session))
  })
  server.on('stream', (stream, headers) => {
    const chunks: Buffer[] = []
    stream.on('data', (c: Buffer) => chunks.push(c))
    stream.on('end', () => {
      handle(stream, headers, Buffer.concat(chunks)).catch(() => stream.close())
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const host = `https://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    host,
    ca: tls.cert,
    credentials,
    notifications,
    requests,
    get sessions() {
      return sessions
    },
    providerTokens,
    unregister: (token, at = new Date()) => void unregistered.set(token, at.getTime()),
    failNext: (status, reason) => void scripted.push({ status, reason }),
    goAway() {
      for (const s of open) s.goaway()
    },
    close() {
      for (const s of open) s.destroy()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
