/** E-mail delivery port: the outbox table (offline default) or SMTP. */

export interface EmailMessage {
  to: string
  subject: string
  text: string
  html?: string
  /** Extra headers passed through verbatim, e.g. List-Unsubscribe / List-Unsubscribe-Post. */
  headers?: Record<string, string>
  /** Owning tenant, when the message belongs to one (outbox rows are tenant data then). */
  tenantId?: number
}

export interface EmailSender {
  readonly kind: 'outbox' | 'smtp'
  /** Resolves with the outbox row id or the SMTP Message-ID; rejects with an UpstreamError. */
  send(message: EmailMessage): Promise<{ id: string }>
  close?(): Promise<void>
}

/** The part of a pino logger the senders use. */
export interface EmailLogger {
  info(obj: object, msg?: string): void
}
