/**
 * One sentence per channel of the delivery trace, for a person: what happened to the alert on that
 * channel and why, from the delivery's status and detail. Times are written in the time zone of
 * the user's quiet hours (New York when none are set), e.g. "11:00 on 2026-11-25 (America/New_York)".
 */
import { DateTime } from 'luxon'

const NAMES: Record<string, string> = {
  in_app: 'in-app',
  email: 'e-mail',
  web_push: 'browser push',
  mobile_push: 'mobile push',
}

const SUPPRESSED: Record<string, string> = {
  unsubscribe: 'you unsubscribed from these alerts',
  hard_bounce: 'the address bounced',
  complaint: 'a message was reported as spam',
  push_gone: 'the browser or device is no longer registered',
  manual: 'a suppression blocks it',
}

const SKIPPED: Record<string, string> = {
  no_verified_email: 'your e-mail address is not verified',
  no_push_target: 'no browser or device is set up for push',
  push_targets_gone: 'your browsers and devices are no longer registered',
}

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '')
const obj = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : {}

export function whenText(iso: unknown, timeZone: string): string {
  const t = DateTime.fromISO(str(iso), { zone: timeZone })
  return t.isValid ? `${t.toFormat('HH:mm')} on ${t.toFormat('yyyy-MM-dd')} (${timeZone})` : 'later'
}

/** The provider's answer, e.g. "410 Gone" or "the provider refused"; from `detail.provider`. */
function providerText(detail: Record<string, unknown>): string {
  const p = obj(detail.provider)
  const answer = [str(p.status), str(p.reason)].filter(Boolean).join(' ')
  return answer ? `the provider answered ${answer}` : 'the provider refused it'
}

export function channelSummary(
  d: { channel: string; status: string; detail: object; attempts: number },
  timeZone: string,
): string {
  const name = NAMES[d.channel] ?? d.channel
  const detail = obj(d.detail)
  switch (d.status) {
    case 'sent':
      if (d.channel === 'in_app') return 'Delivered to your in-app inbox'
      return detail.recipient ? `Sent by ${name} to ${str(detail.recipient)}` : `Sent by ${name}`
    case 'pending':
      return `Queued for ${name}`
    case 'retrying':
      return `Not delivered yet: ${providerText(detail)}; retrying (attempt ${d.attempts})`
    case 'quiet_hours':
      return `Held by your quiet hours until ${whenText(detail.held_until, timeZone)}`
    case 'capped':
      return `Not sent: your daily ${name} limit of ${str(detail.limit)} was reached`
    case 'suppressed':
      return `Not sent: ${SUPPRESSED[str(detail.reason)] ?? 'a suppression blocks it'} (suppression ${str(detail.suppression_id)})`
    case 'skipped':
      return `Not sent: ${SKIPPED[str(detail.reason)] ?? 'there was nowhere to send it'}`
    case 'failed':
      return `Failed: ${providerText(detail)}; no more retries`
    default:
      return d.status
  }
}
