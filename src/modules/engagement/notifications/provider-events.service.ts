/**
 * A mail provider's bounces and complaints, posted by the operator's relay to
 * POST /api/notifications/provider-events. The request is authenticated by an HMAC-SHA256 of
 * `<t>.<raw body>` keyed with NOTIFICATIONS_WEBHOOK_SECRET, sent as `X-Sextant-Signature:
 * t=<unix seconds>,v1=<hex>` (several v1 values allowed, for a key rotation); a timestamp more than
 * SIGNATURE_TOLERANCE_S away from the server's clock is refused, so a captured request cannot be
 * replayed later. Without the secret the route does not exist (404). A permanent bounce suppresses
 * the address (`hard_bounce`), a complaint too (`complaint`), on the e-mail channel for every list,
 * for every user of any tenant whose verified address it is (one mailbox, whoever's account); a
 * soft bounce is only counted.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { NotFoundError, UnauthorizedError } from '../../../platform/http/errors.ts'
import { normaliseEmail } from './channels.service.ts'
import {
  SIGNATURE_HEADER,
  SIGNATURE_TOLERANCE_S,
  type ProviderEventInput,
  type ProviderEventsOut,
} from './provider-events.schemas.ts'
import { ensureSuppression } from './suppressions.repository.ts'

export interface ProviderEventsDeps {
  scopes: Scopes
  clock: Clock
  secret: string | undefined
  users: {
    verifiedByAddresses(
      addresses: string[],
    ): Promise<Array<{ tenantId: number; userId: number; email: string }>>
  }
}

/** The signature of `body` at `t` (unix seconds): hex HMAC-SHA256 of `<t>.<body>`. */
export function providerEventsSignature(secret: string, t: number, body: string): string {
  return createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')
}

const refused = (why: string) =>
  new UnauthorizedError('notifications.webhook_signature_invalid', `${SIGNATURE_HEADER}: ${why}`)

export class ProviderEventsService {
  constructor(private readonly deps: ProviderEventsDeps) {}

  /** 404 when no secret is configured (the route is off), 401 unless `header` signs `raw` now. */
  verify(raw: string, header: string | string[] | undefined): void {
    const secret = this.deps.secret
    // Off: answered as for any path that has no route, so the endpoint is not even seen to exist.
    if (!secret)
      throw new NotFoundError('route.not_found', 'No route POST /api/notifications/provider-events')
    if (typeof header !== 'string' || !header) throw refused('missing')
    const parts = header.split(',').map((p) => p.trim().split('='))
    const t = parts.find(([k]) => k === 't')?.[1]
    const sigs = parts.filter(([k, v]) => k === 'v1' && v !== undefined && /^[0-9a-f]{64}$/i.test(v))
    if (!t || !/^\d{1,12}$/.test(t) || !sigs.length)
      throw refused('expected t=<unix seconds>,v1=<hex HMAC-SHA256>')
    const age = Math.abs(this.deps.clock.now().getTime() / 1000 - Number(t))
    if (age > SIGNATURE_TOLERANCE_S) throw refused(`timestamp more than ${SIGNATURE_TOLERANCE_S} s from now`)
    const want = Buffer.from(providerEventsSignature(secret, Number(t), raw), 'hex')
    if (!sigs.some(([, v]) => timingSafeEqual(Buffer.from(v!.toLowerCase(), 'hex'), want)))
      throw refused('signature does not match')
  }

  async process(events: ProviderEventInput[]): Promise<ProviderEventsOut> {
    const stops = events.flatMap((e) => {
      const reason = e.type === 'complaint' ? 'complaint' : e.permanent ? 'hard_bounce' : null
      return reason ? [{ address: normaliseEmail(e.recipient), reason } as const] : []
    })
    const users = await this.deps.users.verifiedByAddresses([...new Set(stops.map((s) => s.address))])
    const byTenant = new Map<
      number,
      Array<{ userId: number; address: string; reason: 'hard_bounce' | 'complaint' }>
    >()
    let unknown = 0
    for (const stop of stops) {
      const owners = users.filter((u) => normaliseEmail(u.email) === stop.address)
      if (!owners.length) unknown++
      for (const o of owners)
        byTenant.set(o.tenantId, [...(byTenant.get(o.tenantId) ?? []), { userId: o.userId, ...stop }])
    }
    let suppressed = 0
    const now = this.deps.clock.now()
    for (const [tenantId, list] of byTenant)
      await this.deps.scopes.withTenant(tenantId, async (s) => {
        for (const x of list) {
          await ensureSuppression(
            s,
            { user_id: x.userId, channel: 'email', recipient: x.address, reason: x.reason, list: null },
            now,
          )
          suppressed++
        }
      })
    return { processed: events.length, suppressed, unknown, soft_bounces: events.length - stops.length }
  }
}
