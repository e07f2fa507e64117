/** Twilio Programmable Messaging sender: POST /2010-04-01/Accounts/{Sid}/Messages.json. */
import { UpstreamError, UpstreamProtocolError, type HttpClient } from '../shared/http.ts'
import type { SmsMessage, SmsSender } from './sms.port.ts'

export interface TwilioSmsSenderOptions {
  http: HttpClient
  /** https://api.twilio.com, or a loopback fake in tests. */
  baseUrl: string
  accountSid: string
  authToken: string
  /** Twilio number, short code or alphanumeric sender id. */
  from: string
}

/** Twilio error codes after which resending the same message can never succeed. */
export const TWILIO_INVALID_NUMBER = 21211
export const TWILIO_UNSUBSCRIBED = 21610
export const TWILIO_NOT_SMS_CAPABLE = 21614
const PERMANENT_CODES = new Set([TWILIO_INVALID_NUMBER, TWILIO_UNSUBSCRIBED, TWILIO_NOT_SMS_CAPABLE])

/** The Twilio error code kept in a thrown UpstreamError's body (classic and problem+json bodies both carry `code`). */
export function twilioErrorCode(err: unknown): number | undefined {
  if (!(err instanceof UpstreamError) || err.provider !== 'twilio' || err.body === undefined) return undefined
  try {
    const parsed: unknown = JSON.parse(err.body)
    if (typeof parsed !== 'object' || parsed === null) return undefined
    const code = (parsed as { code?: unknown }).code
    return typeof code === 'number' ? code : undefined
  } catch {
    return undefined
  }
}

/**
 * True when Twilio refused the recipient for good: 21211 invalid number, 21610 the recipient
 * replied STOP (suppress the number until START), 21614 not SMS-capable. Do not retry these.
 */
export function isPermanentSmsFailure(err: unknown): boolean {
  const code = twilioErrorCode(err)
  return code !== undefined && PERMANENT_CODES.has(code)
}

export function createTwilioSmsSender(opts: TwilioSmsSenderOptions): SmsSender {
  const base = opts.baseUrl.replace(/\/+$/, '')
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}/Messages.json`
  const authorization = `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64')}`
  return {
    kind: 'twilio',
    async send(message: SmsMessage) {
      const res = await opts.http.request<unknown>({
        method: 'POST',
        url,
        headers: { authorization, accept: 'application/json' },
        form: { To: message.to, From: opts.from, Body: message.body },
        provider: 'twilio',
        // A 5xx or a timeout may come after Twilio queued the SMS: retrying could text the user
        // twice. Only 429 (20429: "not processed") is retried, which the shared client does anyway.
        idempotent: false,
      })
      const sid =
        typeof res.body === 'object' && res.body !== null ? (res.body as { sid?: unknown }).sid : undefined
      if (typeof sid !== 'string' || sid === '') {
        throw new UpstreamProtocolError('twilio POST Messages.json returned no sid', {
          provider: 'twilio',
          status: res.status,
          body: res.text,
        })
      }
      return { id: sid }
    },
  }
}
