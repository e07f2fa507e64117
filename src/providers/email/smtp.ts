/**
 * SMTP e-mail sender (nodemailer, pooled connections): multipart text + HTML, custom headers
 * passed through, failures mapped to typed UpstreamErrors.
 */
import { createTransport, type NodemailerError } from 'nodemailer'
import {
  UpstreamAuthError,
  UpstreamClientError,
  UpstreamError,
  UpstreamNetworkError,
  UpstreamProtocolError,
  UpstreamServerError,
  UpstreamTimeoutError,
} from '../shared/http.ts'
import type { EmailLogger, EmailMessage, EmailSender } from './email.port.ts'

export interface SmtpEmailSenderOptions {
  /** smtp://user:pass@host:port or smtps://… (the credentials never reach logs or errors). */
  url: string
  /** RFC 5322 From, e.g. 'Sextant <no-reply@sextant.example>'. */
  from: string
  log: EmailLogger
}

const PROVIDER = 'smtp'
const NETWORK_CODES = new Set(['ECONNECTION', 'ESOCKET', 'EDNS', 'ETLS', 'EPROXY'])

/**
 * Maps a nodemailer failure to an UpstreamError. `status` carries the SMTP reply code (not an HTTP
 * status). SMTP reply classes are the reverse of HTTP's digits: 5xx is permanent (the recipient or
 * message is refused: like an HTTP 4xx, do not retry), 4xx is transient (try later: like a 5xx).
 */
export function toUpstreamError(e: unknown): UpstreamError {
  if (e instanceof UpstreamError) return e
  const err: NodemailerError | undefined = e instanceof Error ? e : undefined
  const code = err?.code ?? 'UNKNOWN'
  const responseCode = err?.responseCode
  // Messages name the code only: nodemailer's own text can echo addresses or server banners.
  const message = `smtp send failed: ${code}${responseCode === undefined ? '' : ` ${responseCode}`}`
  const init = {
    provider: PROVIDER,
    cause: e,
    ...(responseCode === undefined ? {} : { status: responseCode }),
    ...(err?.response === undefined ? {} : { body: err.response }),
  }
  if (code === 'EAUTH' || code === 'ENOAUTH') return new UpstreamAuthError(message, init)
  if (code === 'ETIMEDOUT') return new UpstreamTimeoutError(message, init)
  if (responseCode !== undefined && responseCode >= 400) {
    const permanent = err?.permanent ?? (responseCode >= 500 && responseCode !== 503)
    return permanent ? new UpstreamClientError(message, init) : new UpstreamServerError(message, init)
  }
  if (NETWORK_CODES.has(code) || err?.syscall !== undefined) return new UpstreamNetworkError(message, init)
  return new UpstreamProtocolError(message, init)
}

export function createSmtpEmailSender(opts: SmtpEmailSenderOptions): EmailSender {
  const transport = createTransport({
    pool: true,
    url: opts.url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  })
  return {
    kind: 'smtp',
    async send(message: EmailMessage) {
      let info: { messageId?: string | undefined }
      try {
        info = await transport.sendMail({
          from: opts.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html === undefined ? {} : { html: message.html }),
          ...(message.headers === undefined ? {} : { headers: message.headers }),
        })
      } catch (e) {
        throw toUpstreamError(e)
      }
      const id = info.messageId ?? ''
      opts.log.info({ smtp_message_id: id, tenant_id: message.tenantId ?? null }, 'e-mail sent')
      return { id }
    },
    async close() {
      transport.close()
    },
  }
}
