/** E-mail delivery: SMTP when SMTP_URL is set, else the outbox table. */
import type { Config } from '../../platform/config.ts'
import type { Scopes } from '../../platform/db/index.ts'
import type { EmailLogger, EmailSender } from './email.port.ts'
import { createOutboxEmailSender } from './outbox.ts'
import { createSmtpEmailSender } from './smtp.ts'

export type { EmailLogger, EmailMessage, EmailSender } from './email.port.ts'
export { createOutboxEmailSender, extractLinks } from './outbox.ts'
export { createSmtpEmailSender } from './smtp.ts'

export function createEmailSender(
  config: Pick<Config, 'SMTP_URL' | 'EMAIL_FROM' | 'NODE_ENV'>,
  deps: { scopes: Scopes; log: EmailLogger },
): EmailSender {
  if (config.SMTP_URL)
    return createSmtpEmailSender({ url: config.SMTP_URL, from: config.EMAIL_FROM, log: deps.log })
  return createOutboxEmailSender({ ...deps, logLinks: config.NODE_ENV === 'development' })
}
