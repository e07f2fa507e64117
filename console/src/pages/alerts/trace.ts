/**
 * A delivery's status in words, for the delivery trace: what happened on a channel and why. The
 * `detail` the API records says why (the suppression, the provider's answer, the end of the quiet
 * hours, the cap); this turns it into the sentence a person reads.
 */

export const CHANNEL_LABEL: Record<string, string> = {
  in_app: 'In-app',
  email: 'E-mail',
  web_push: 'Browser push',
  mobile_push: 'Mobile push',
}
/** What one delivery on the channel is called, in the plural ("20 e-mails a day"). */
const CHANNEL_UNIT: Record<string, string> = {
  in_app: 'in-app items',
  email: 'e-mails',
  web_push: 'browser pushes',
  mobile_push: 'mobile pushes',
}
const SKIPPED: Record<string, string> = {
  no_verified_email: 'your e-mail address is not verified',
  no_push_target: 'no browser or device is registered for push',
  push_targets_gone: 'every browser or device registered for push is gone',
}
const LIST_NOUN: Record<string, string> = { alerts: 'alert', briefing: 'briefing', digest: 'digest' }

export const channelLabel = (c: string) => CHANNEL_LABEL[c] ?? c

type Detail = Record<string, unknown>
const lang = () => navigator.language || 'en-US'
const dayOf = (iso: string) => new Intl.DateTimeFormat(lang(), { dateStyle: 'medium' }).format(new Date(iso))
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined)
const numOf = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined

/** "07:00" today, "Tue 07:00" within a week, else the date and time, in the browser's zone. */
export function heldUntil(iso: string, now = new Date()): string {
  const at = new Date(iso)
  const time = new Intl.DateTimeFormat(lang(), {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at)
  if (at.toDateString() === now.toDateString()) return time
  const day = new Intl.DateTimeFormat(lang(), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).format(at)
  return `${day} ${time}`
}

/** What the trace knows of a suppression beyond its id: since when, and which list it covers. */
export type SuppressionFacts = Map<number, { created_at: string; list: string | null }>

function suppressed(channel: string, d: Detail, known: SuppressionFacts): string {
  const facts =
    numOf(d['suppression_id']) !== undefined ? known.get(d['suppression_id'] as number) : undefined
  const since = facts?.created_at ?? str(d['created_at'])
  const on = since ? ` on ${dayOf(since)}` : ''
  const list = facts ? (facts.list ?? undefined) : str(d['list'])
  const what =
    channel === 'email'
      ? `${list ? `${LIST_NOUN[list] ?? list} ` : ''}e-mails`
      : `${CHANNEL_UNIT[channel] ?? channel}${list ? ` (${LIST_NOUN[list] ?? list})` : ''}`
  switch (str(d['reason'])) {
    case 'unsubscribe':
      return `suppressed: you unsubscribed from ${what}${on}`
    case 'hard_bounce':
      return `suppressed: e-mails to this address bounced${on}`
    case 'complaint':
      return `suppressed: this address reported one of our e-mails as spam${on}`
    case 'push_gone':
      return `suppressed: the push service said this device no longer exists${on}`
    case 'manual':
      return `suppressed: ${what} are blocked for this recipient${on}`
    default:
      return `suppressed${str(d['reason']) ? `: ${str(d['reason'])}` : ''}${on}`
  }
}

/** The provider's answer: its HTTP status and its own words, when it gave them. */
function providerSaid(d: Detail): string | undefined {
  const p = (d['provider'] ?? d['result']) as Detail | undefined
  if (!p || typeof p !== 'object') return str(d['reason']) ?? str(d['error'])
  const parts = [numOf(p['status']) !== undefined ? String(p['status']) : undefined, str(p['reason'])]
  const said = parts.filter(Boolean).join(' ')
  return said || undefined
}

export interface DeliveryLike {
  channel: string
  status: string
  detail: unknown
  attempts: number
  sent_at: string | null
}

export function statusWords(d: DeliveryLike, known: SuppressionFacts = new Map(), now = new Date()): string {
  const detail = (d.detail && typeof d.detail === 'object' ? d.detail : {}) as Detail
  switch (d.status) {
    case 'sent':
      return d.sent_at ? `sent ${heldUntil(d.sent_at, now)}` : 'sent'
    case 'pending':
      return 'waiting to be sent'
    case 'retrying': {
      const said = providerSaid(detail)
      return `retrying after ${d.attempts} ${d.attempts === 1 ? 'attempt' : 'attempts'}${said ? `: provider said ${said}` : ''}`
    }
    case 'suppressed':
      return suppressed(d.channel, detail, known)
    case 'quiet_hours': {
      const until = str(detail['held_until'])
      return until ? `held for quiet hours until ${heldUntil(until, now)}` : 'held for quiet hours'
    }
    case 'capped': {
      const limit = numOf(detail['limit'])
      return limit !== undefined
        ? `capped: ${limit} ${CHANNEL_UNIT[d.channel] ?? d.channel} a day`
        : 'capped: the daily limit was reached'
    }
    case 'skipped':
      return `skipped: ${SKIPPED[str(detail['reason']) ?? ''] ?? str(detail['reason']) ?? 'nowhere to send it'}`
    case 'failed': {
      const said = providerSaid(detail)
      return said ? `failed: provider said ${said}` : 'failed'
    }
    default:
      return d.status
  }
}
