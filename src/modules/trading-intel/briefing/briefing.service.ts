/**
 * POST /email-briefing: composes the daily briefing (sections.service.ts, lib/render.ts) and sends
 * it to the caller's verified address through the e-mail port, with the one-click unsubscribe
 * headers of the caller's subscription. The scheduled job (briefing.job.ts) sends through `deliver`.
 */
import { DAY_MS } from '../../../kernel/dates.ts'
import { DateTime } from 'luxon'
import type { Logger } from 'pino'
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Cache } from '../../../platform/cache/index.ts'
import type { Clock } from '../../../platform/clock.ts'
import {
  AppError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnprocessableError,
} from '../../../platform/http/errors.ts'
import { nyDate } from '../../../kernel/calendar/nyse.ts'
import { isUpstreamError } from '../../../platform/upstream-errors.ts'
import type { EmailSender } from '../../../providers/email/index.ts'
import type { Identity } from '../../accounts/identity/index.ts'
import type { Notifications } from '../../engagement/notifications/index.ts'
import type { HoldingsService } from '../../portfolio/index.ts'
import { readSections, type SectionDeps } from './sections.service.ts'
import type { SendBodyInput, SendQueryInput, SendResultOut } from './briefing.schemas.ts'
import { renderBriefing, SECTION_KEYS, type SectionKey } from './lib/render.ts'
import { BRIEFING_FEATURE, type SubscriptionService } from './subscription.service.ts'

/** On-demand sends (attempts) a user may make per New York day; the scheduled mail does not count. */
export const ON_DEMAND_PER_DAY = 10
/** The route of the per-subscription links of mails sent before the notifications list took over. */
export const UNSUBSCRIBE_PATH = '/api/trading-intel/email-briefing/unsubscribe'
/** The unsubscribe list of the briefing mails. */
export const BRIEFING_LIST = 'briefing'
const TRANSIENT = new Set(['timeout', 'network', 'server', 'rate_limited'])

export interface BriefingDeps {
  clock: Clock
  cache: Pick<Cache, 'incr'>
  log: Pick<Logger, 'warn'>
  email: EmailSender
  users: Pick<Identity['users'], 'me'>
  entitlements: {
    requireFeature(scope: Pick<RequestScope, 'tenantId' | 'plan'>, feature: string): Promise<void>
  }
  holdings: Pick<HoldingsService, 'latest'>
  sections: SectionDeps
  subscriptions: SubscriptionService
  /** The one-click unsubscribe link and headers of the `briefing` list. */
  notifications: Pick<Notifications, 'unsubscribeLink'>
}

export interface Delivery {
  tenantId: number
  userId: number
  to: string
  accountId?: number | undefined
  sections?: readonly SectionKey[] | undefined
}

export class BriefingService {
  constructor(private readonly deps: BriefingDeps) {}

  /** 402 without the plan feature, 422 for an unverified address, 404 for another tenant's account. */
  async send(scope: RequestScope, q: SendQueryInput, body: SendBodyInput): Promise<SendResultOut> {
    await this.deps.entitlements.requireFeature(scope, BRIEFING_FEATURE)
    const me = await this.deps.users.me(scope)
    if (!me.email_verified)
      throw new UnprocessableError(
        'briefing.email_unverified',
        'Verify your e-mail address before asking for the briefing',
        [{ loc: ['user', 'email'], msg: 'e-mail address not verified', type: 'unverified' }],
      )
    if (q.account_id) await this.deps.holdings.latest(scope.tenantId, { accountId: q.account_id, limit: 1 })
    await this.countSend(scope)
    return this.deliver({
      tenantId: scope.tenantId,
      userId: scope.userId,
      to: me.email,
      accountId: q.account_id,
      sections: body.sections,
    })
  }

  /** 429 briefing.too_many_sends past ON_DEMAND_PER_DAY attempts this New York day (until its end). */
  private async countSend(scope: RequestScope): Promise<void> {
    const ny = DateTime.fromJSDate(this.deps.clock.now(), { zone: 'America/New_York' })
    const key = `briefing:on-demand:${scope.tenantId}:${scope.userId}:${ny.toISODate()}`
    if ((await this.deps.cache.incr(key, DAY_MS)) <= ON_DEMAND_PER_DAY) return
    const untilMidnight = ny.plus({ days: 1 }).startOf('day').diff(ny).as('seconds')
    throw new TooManyRequestsError(
      'briefing.too_many_sends',
      `At most ${ON_DEMAND_PER_DAY} briefings on demand per day; the scheduled one still goes`,
      untilMidnight,
    )
  }

  /** Reads the sections, renders and sends; a delivery failure is a 503 (transient) or 502 (refused). */
  async deliver(d: Delivery): Promise<SendResultOut> {
    // The row must exist (the one-click unsubscribe turns it off); the link is the notifications list's.
    await this.deps.subscriptions.forMail(d.tenantId, d.userId)
    const now = this.deps.clock.now()
    const sections = await readSections(this.deps.sections, d.tenantId, d.sections ?? SECTION_KEYS, {
      ...(d.accountId ? { accountId: d.accountId } : {}),
      onError: (key, err) =>
        this.deps.log.warn({ tenantId: d.tenantId, section: key, err }, 'briefing: section unavailable'),
    })
    const link = this.deps.notifications.unsubscribeLink(d.tenantId, d.userId, BRIEFING_LIST)
    const mail = renderBriefing({ date: nyDate(now), sections, unsubscribeUrl: link.url })
    let id: string
    try {
      ;({ id } = await this.deps.email.send({
        to: d.to,
        tenantId: d.tenantId,
        ...mail,
        headers: { ...link.headers },
      }))
    } catch (e) {
      throw deliveryError(e)
    }
    return {
      message_id: id,
      subject: mail.subject,
      recipient: d.to,
      sent_at: now.toISOString(),
      account_id: d.accountId ?? null,
      sections,
      degraded: sections.some((s) => s.status !== 'ok'),
    }
  }
}

function deliveryError(e: unknown): AppError {
  if (!isUpstreamError(e)) throw e
  if (TRANSIENT.has(e.kind))
    return new ServiceUnavailableError(
      'briefing.email_unavailable',
      'The e-mail service is unavailable; try again later',
    )
  return new AppError(502, 'briefing.email_rejected', 'The e-mail service refused the briefing')
}
