/**
 * Outbox e-mail sender: stores each message in `email_outbox` instead of delivering it (concurrent ones in one insert), so the
 * service works offline and tests can read what was "sent".
 */
import type { Insertable } from 'kysely'
import type { Scopes } from '../../platform/db/index.ts'
import { batchedOutbox } from '../shared/outbox-batch.ts'
import type { EmailOutboxTable } from './email.tables.ts'
import type { EmailLogger, EmailMessage, EmailSender } from './email.port.ts'

export interface OutboxEmailSenderOptions {
  scopes: Scopes
  log: EmailLogger
  /** Development: log subject, recipient and links so verification links work without SMTP. */
  logLinks: boolean
}

const LINK = /https?:\/\/[^\s<>"'`]+/g

/** Every http(s) URL in a text, without trailing sentence punctuation. */
export function extractLinks(text: string): string[] {
  return [...text.matchAll(LINK)].map((m) => m[0].replace(/[.,;:!?)\]}]+$/, ''))
}

export function createOutboxEmailSender(opts: OutboxEmailSenderOptions): EmailSender {
  const { scopes, log, logLinks } = opts
  const store = batchedOutbox<Insertable<EmailOutboxTable>>(scopes, 'email outbox', ({ db }, rows) =>
    db.insertInto('email_outbox').values(rows).returning('id').compile(),
  )
  return {
    kind: 'outbox',
    async send(message: EmailMessage) {
      const id = await store({
        tenant_id: message.tenantId ?? null,
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html ?? null,
        headers: JSON.stringify(message.headers ?? {}),
      })
      if (logLinks) {
        log.info(
          {
            email_outbox_id: id,
            to: message.to,
            subject: message.subject,
            links: extractLinks(message.text),
          },
          'e-mail stored in outbox',
        )
      } else {
        // Bodies carry one-time links and codes: never log them outside development.
        log.info({ email_outbox_id: id, tenant_id: message.tenantId ?? null }, 'e-mail stored in outbox')
      }
      return { id }
    },
  }
}
