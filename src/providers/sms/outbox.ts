/** Outbox SMS sender: stores each message in `sms_outbox` instead of delivering it. */
import type { Insertable } from 'kysely'
import type { Scopes } from '../../platform/db/index.ts'
import { batchedOutbox } from '../shared/outbox-batch.ts'
import type { SmsOutboxTable } from './sms.tables.ts'
import type { SmsLogger, SmsMessage, SmsSender } from './sms.port.ts'

export interface OutboxSmsSenderOptions {
  scopes: Scopes
  log: SmsLogger
  /** Development: log the body too (it may hold a one-time code). */
  logBody: boolean
}

export function createOutboxSmsSender(opts: OutboxSmsSenderOptions): SmsSender {
  const { scopes, log, logBody } = opts
  const store = batchedOutbox<Insertable<SmsOutboxTable>>(scopes, 'sms outbox', ({ db }, rows) =>
    db.insertInto('sms_outbox').values(rows).returning('id').compile(),
  )
  return {
    kind: 'outbox',
    async send(message: SmsMessage) {
      const id = await store({
        tenant_id: message.tenantId ?? null,
        to_number: message.to,
        body: message.body,
      })
      // Phone numbers are personal data: the last four digits are enough to tell messages apart.
      const fields: Record<string, unknown> = { sms_outbox_id: id, to_last4: message.to.slice(-4) }
      if (logBody) fields['body'] = message.body
      log.info(fields, 'sms stored in outbox')
      return { id }
    },
  }
}
