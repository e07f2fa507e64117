/**
 * The CSRF `state` of a broker's OAuth code flow: a server-signed token pinned
 * to tenant, user and broker, valid for ten minutes. The signature (HMAC-SHA256 under a key kept
 * for this purpose alone) makes it unforgeable; its nonce, recorded when issued and marked when
 * used, makes it single-use (the service does that part in the database).
 *
 * Format: `base64url(JSON payload).base64url(mac)`. Pure: no I/O, the clock is passed in.
 */
export const STATE_TTL_SECONDS = 600
export const STATE_PURPOSE = 'broker-oauth-state'

export interface StatePayload {
  /** Tenant, user and broker the flow was started for. */
  t: number
  u: number
  b: string
  /** Random, recorded server-side; single use. */
  n: string
  /** Expiry, epoch seconds. */
  e: number
  /** Where the browser returns once the callback is done: a console path (set only when asked for). */
  r?: string
}

export type StateProblem = 'missing' | 'malformed' | 'tampered' | 'expired'

export interface Mac {
  mac(purpose: string, data: string): string
  verifyMac(purpose: string, data: string, tag: string): boolean
}

export function issueState(
  mac: Mac,
  p: { tenantId: number; userId: number; broker: string; nonce: string; returnTo?: string | undefined },
  now: Date,
): { state: string; payload: StatePayload } {
  const payload: StatePayload = {
    t: p.tenantId,
    u: p.userId,
    b: p.broker,
    n: p.nonce,
    e: Math.floor(now.getTime() / 1000) + STATE_TTL_SECONDS,
    ...(p.returnTo === undefined ? {} : { r: p.returnTo }),
  }
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url')
  return { state: `${body}.${mac.mac(STATE_PURPOSE, body)}`, payload }
}

/**
 * The return path a genuine state carries (its signature checked; expiry, owner and use are not):
 * where to send the browser even when the flow itself failed. Undefined for anything else.
 */
export function returnPathOf(mac: Mac, state: unknown): string | undefined {
  if (typeof state !== 'string') return undefined
  const [body, tag, ...rest] = state.split('.')
  if (!body || !tag || rest.length || !mac.verifyMac(STATE_PURPOSE, body, tag)) return undefined
  return parse(body)?.r
}

/** The payload of a genuine, unexpired state, or what is wrong with it. */
export function readState(
  mac: Mac,
  state: string | undefined,
  now: Date,
): { ok: true; payload: StatePayload } | { ok: false; problem: StateProblem } {
  if (state === undefined || state === '') return { ok: false, problem: 'missing' }
  const parts = state.split('.')
  if (parts.length !== 2 || !parts[0] || !parts[1]) return { ok: false, problem: 'malformed' }
  const [body, tag] = parts as [string, string]
  // The signature first: nothing of an unsigned body is trusted, not even its shape.
  if (!mac.verifyMac(STATE_PURPOSE, body, tag)) return { ok: false, problem: 'tampered' }
  const payload = parse(body)
  if (!payload) return { ok: false, problem: 'malformed' }
  if (payload.e * 1000 <= now.getTime()) return { ok: false, problem: 'expired' }
  return { ok: true, payload }
}

function parse(body: string): StatePayload | null {
  try {
    const p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<StatePayload>
    const ints = [p.t, p.u, p.e].every((v) => Number.isSafeInteger(v))
    const back = p.r === undefined || typeof p.r === 'string'
    return ints && back && typeof p.b === 'string' && typeof p.n === 'string' ? (p as StatePayload) : null
  } catch {
    return null
  }
}
