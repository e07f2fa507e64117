/** Outbox mobile-push sender: keeps each message in `push_outbox` instead of delivering it. */
import type { Insertable } from 'kysely'
import type { Scopes } from '../../platform/db/index.ts'
import { batchedOutbox } from '../shared/outbox-batch.ts'
import type { MobilePushSender, MobilePushTarget, PushMessage, PushResult } from './push.port.ts'
import type { PushOutboxPayload, PushOutboxTable } from './push.tables.ts'

/** The part of a pino logger the sender uses. */
export interface PushLogger {
  info(obj: object, msg?: string): void
  warn(obj: object, msg?: string): void
}

export interface OutboxMobilePushOptions {
  scopes: Scopes
  log: PushLogger
  /** Development: log title and body too. */
  logBody: boolean
}

function outboxPayload(message: PushMessage): PushOutboxPayload {
  const payload: PushOutboxPayload = {}
  if (message.url !== undefined) payload.url = message.url
  if (message.tag !== undefined) payload.tag = message.tag
  if (message.data !== undefined) payload.data = message.data
  if (message.ttlSeconds !== undefined) payload.ttl_seconds = message.ttlSeconds
  if (message.urgency !== undefined) payload.urgency = message.urgency
  return payload
}

/**
 * Stores one `push_outbox` row per message and answers `sent` with the row id. Used for a platform
 * whose credentials are not configured (both, offline).
 */
export function createOutboxMobilePushSender(opts: OutboxMobilePushOptions): MobilePushSender {
  const { scopes, log, logBody } = opts
  const store = batchedOutbox<Insertable<PushOutboxTable>>(scopes, 'push outbox', ({ db }, rows) =>
    db.insertInto('push_outbox').values(rows).returning('id').compile(),
  )
  return {
    kind: 'outbox',
    async send(target: MobilePushTarget, message: PushMessage, tenantId?: number): Promise<PushResult> {
      const id = await store({
        tenant_id: tenantId ?? null,
        platform: target.platform,
        device_token: target.deviceToken,
        app_id: target.appId ?? null,
        title: message.title,
        body: message.body,
        payload: JSON.stringify(outboxPayload(message)),
      })
      // A device token addresses one phone: its tail is enough to tell messages apart in logs.
      const fields: Record<string, unknown> = {
        push_outbox_id: id,
        platform: target.platform,
        token_tail: target.deviceToken.slice(-6),
      }
      if (logBody) Object.assign(fields, { title: message.title, body: message.body })
      log.info(fields, 'push stored in outbox')
      return { outcome: 'sent', id }
    },
  }
}
