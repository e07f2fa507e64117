/** SMS delivery port: the outbox table (offline default) or Twilio. */

export interface SmsMessage {
  /** E.164, e.g. +15551234567. */
  to: string
  body: string
  tenantId?: number
}

export interface SmsSender {
  readonly kind: 'outbox' | 'twilio'
  /** Resolves with the outbox row id or the Twilio message sid; rejects with an UpstreamError. */
  send(message: SmsMessage): Promise<{ id: string }>
}

/** The part of a pino logger the senders use. */
export interface SmsLogger {
  info(obj: object, msg?: string): void
}
