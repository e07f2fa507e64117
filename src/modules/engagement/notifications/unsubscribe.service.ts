/**
 * One-click unsubscribe (RFC 8058) for bulk mail: each message carries
 * `List-Unsubscribe: <https URL with a signed token>` and `List-Unsubscribe-Post:
 * List-Unsubscribe=One-Click`. The token (lib/unsubscribe-token.ts) names tenant, user and list;
 * `preview` (the GET) only reads, `execute` (the POST) suppresses the user's address for that
 * list and tells the list's owner (`onUnsubscribe`), idempotently.
 */
import type { Logger } from 'pino'
import type { Clock } from '../../../platform/clock.ts'
import type { SecretCipher } from '../../../platform/crypto.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { UnprocessableError } from '../../../platform/http/errors.ts'
import type { Identity } from '../../accounts/identity/index.ts'
import {
  signUnsubscribeToken,
  TOKEN_TTL_DAYS,
  verifyUnsubscribeToken,
  type TokenMac,
  type UnsubscribeClaims,
} from './lib/unsubscribe-token.ts'
import { ensureSuppression, findSuppression } from './suppressions.repository.ts'

export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe'
const MAC_PURPOSE = 'notifications unsubscribe token'

export interface UnsubscribeEvent {
  tenantId: number
  userId: number
  list: string
  suppressionId: number
}
export type UnsubscribeListener = (e: UnsubscribeEvent) => Promise<void> | void

export type UnsubscribeHeaders = {
  'List-Unsubscribe': string
  'List-Unsubscribe-Post': string
}

export interface UnsubscribeDeps {
  scopes: Scopes
  clock: Clock
  cipher: Pick<SecretCipher, 'mac' | 'verifyMac'>
  users: Pick<Identity['users'], 'me'>
  log: Pick<Logger, 'warn'>
  publicBaseUrl: string
}

export class UnsubscribeService {
  private readonly listeners = new Map<string, UnsubscribeListener[]>()
  private readonly mac: TokenMac

  constructor(private readonly deps: UnsubscribeDeps) {
    this.mac = {
      mac: (data) => deps.cipher.mac(MAC_PURPOSE, data),
      verify: (data, tag) => deps.cipher.verifyMac(MAC_PURPOSE, data, tag),
    }
  }

  /** The list's owner hears of every one-click unsubscribe from it (e.g. to turn a schedule off). */
  onUnsubscribe(list: string, listener: UnsubscribeListener): void {
    this.listeners.set(list, [...(this.listeners.get(list) ?? []), listener])
  }

  /** The link of a message to `userId` on `list`: the URL (also for the body) and both headers. */
  link(tenantId: number, userId: number, list: string): { url: string; headers: UnsubscribeHeaders } {
    const token = signUnsubscribeToken(this.mac, { tenantId, userId, list, issuedAt: this.deps.clock.now() })
    const url = new URL(UNSUBSCRIBE_PATH, this.deps.publicBaseUrl)
    url.searchParams.set('token', token)
    return {
      url: url.toString(),
      headers: {
        'List-Unsubscribe': `<${url.toString()}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    }
  }

  headers(tenantId: number, userId: number, list: string): UnsubscribeHeaders {
    return this.link(tenantId, userId, list).headers
  }

  /** GET: what the POST would do; changes nothing. */
  async preview(token: string) {
    const claims = this.verify(token)
    const address = await this.addressOf(claims)
    const sup = await this.deps.scopes.withTenant(claims.tenantId, (s) =>
      findSuppression(s, 'email', address, claims.list),
    )
    return {
      next_action: 'post_to_confirm' as const,
      method: 'POST' as const,
      list: claims.list,
      channel: 'email' as const,
      unsubscribed: sup !== undefined,
      expires_at: new Date(claims.issuedAt.getTime() + TOKEN_TTL_DAYS * 86_400_000).toISOString(),
    }
  }

  /** POST: suppresses the address for the list (idempotent) and tells the list's owner. */
  async execute(token: string) {
    const claims = this.verify(token)
    const address = await this.addressOf(claims)
    const row = await this.deps.scopes.withTenant(claims.tenantId, (s) =>
      ensureSuppression(
        s,
        {
          user_id: claims.userId,
          channel: 'email',
          recipient: address,
          reason: 'unsubscribe',
          list: claims.list,
        },
        this.deps.clock.now(),
      ),
    )
    const event = {
      tenantId: claims.tenantId,
      userId: claims.userId,
      list: claims.list,
      suppressionId: row.id,
    }
    for (const listener of this.listeners.get(claims.list) ?? [])
      await Promise.resolve(listener(event)).catch((err: unknown) =>
        this.deps.log.warn({ err, list: claims.list }, 'notifications: unsubscribe listener failed'),
      )
    return {
      unsubscribed: true as const,
      list: claims.list,
      suppression_id: row.id,
      created_at: row.created_at.toISOString(),
    }
  }

  private verify(token: string): UnsubscribeClaims {
    const claims = verifyUnsubscribeToken(this.mac, token, this.deps.clock.now())
    if (!claims) throw badToken()
    return claims
  }

  private async addressOf(c: UnsubscribeClaims): Promise<string> {
    const user = await this.deps.users.me({ tenantId: c.tenantId, userId: c.userId }).catch(() => null)
    if (!user) throw badToken()
    return user.email.trim().toLowerCase()
  }
}

const badToken = () =>
  new UnprocessableError(
    'notifications.unsubscribe_token_invalid',
    'This unsubscribe link is not valid or has expired',
    [{ loc: ['query', 'token'], msg: 'invalid or expired token', type: 'token' }],
  )
