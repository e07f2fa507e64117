/**
 * The scheduled briefing (`briefing.send-due`, every 5 minutes 05:00–09:55 New York on weekdays):
 * on a trading day, every enabled subscription whose send_at has come and that has not been sent
 * today gets the briefing, if its tenant's plan still has email_briefing and its user's address is
 * verified. Each send is claimed first (last_sent_on = today, in the subscription's tenant scope),
 * so a rerun or a second worker never sends twice; a delivery failure gives the claim back so the
 * next run retries, while a plan or address that no longer qualifies skips the day.
 */
import { DateTime } from 'luxon'
import type { Logger } from 'pino'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { AppError } from '../../../platform/http/errors.ts'
import { isTradingDay, nyDate } from '../../../kernel/calendar/nyse.ts'
import { isUpstreamError } from '../../../platform/upstream-errors.ts'
import type { Identity } from '../../accounts/identity/index.ts'
import type { EntitlementsService } from '../../accounts/tenancy/index.ts'
import { claimSend, dueSubs, settleSend, type SubRow } from './briefing.repository.ts'
import type { BriefingService } from './briefing.service.ts'
import { BRIEFING_FEATURE } from './subscription.service.ts'

/** Every 5 minutes from 05:00 to 09:55 New York, Monday to Friday (send_at is bounded to 05:00–09:25). */
export const BRIEFING_CRON = '*/5 5-9 * * 1-5'

export interface JobDeps {
  scopes: Scopes
  clock: Clock
  log: Pick<Logger, 'info' | 'warn'>
  users: Pick<Identity['users'], 'me'>
  entitlements: Pick<EntitlementsService, 'forTenant'>
  briefing: Pick<BriefingService, 'deliver'>
}

export interface RunResult {
  due: number
  sent: number
  skipped: number
  failed: number
}

type Outcome = 'sent' | 'skipped' | 'failed' | 'taken'

export class BriefingJob {
  constructor(private readonly deps: JobDeps) {}

  async sendDue(): Promise<RunResult> {
    const now = this.deps.clock.now()
    const day = nyDate(now)
    const result: RunResult = { due: 0, sent: 0, skipped: 0, failed: 0 }
    if (!tradingDay(day)) return result
    const hhmm = DateTime.fromJSDate(now, { zone: 'America/New_York' }).toFormat('HH:mm')
    const due = await this.deps.scopes.withSystem('briefing: due subscriptions', (s) => dueSubs(s, day, hhmm))
    result.due = due.length
    for (const { tenant_id, id } of due) {
      const outcome = await this.sendOne(tenant_id, id, day)
      if (outcome !== 'taken') result[outcome]++
    }
    this.deps.log.info({ day, ...result }, 'briefing: scheduled sends done')
    return result
  }

  private async sendOne(tenantId: number, id: number, day: string): Promise<Outcome> {
    const claim = await this.deps.scopes.withTenant(tenantId, (s) => claimSend(s, id, day))
    if (!claim) return 'taken' // sent today already (another run), or turned off meanwhile
    try {
      return await this.deliver(claim.row)
    } catch (e) {
      const retry =
        isUpstreamError(e) || (e instanceof AppError && e.status >= 500) || !(e instanceof AppError)
      this.deps.log.warn({ tenantId, subscription: id, err: e, retry }, 'briefing: scheduled send failed')
      if (retry)
        await this.deps.scopes.withTenant(tenantId, (s) => settleSend(s, id, { previous: claim.previous }))
      return 'failed'
    }
  }

  private async deliver(row: SubRow): Promise<Outcome> {
    const tenantId = row.tenant_id
    const me = await this.deps.users.me({ tenantId, userId: row.user_id })
    const { features } = await this.deps.entitlements.forTenant({ tenantId, plan: me.plan })
    if (features[BRIEFING_FEATURE] !== true || !me.email_verified) {
      this.deps.log.info(
        { tenantId, subscription: row.id },
        'briefing: not entitled or unverified; skipped today',
      )
      return 'skipped'
    }
    const sent = await this.deps.briefing.deliver({
      tenantId,
      userId: row.user_id,
      to: me.email,
      accountId: row.account_id ?? undefined,
    })
    await this.deps.scopes.withTenant(tenantId, (s) => settleSend(s, row.id, { messageId: sent.message_id }))
    return 'sent'
  }
}

function tradingDay(day: string): boolean {
  try {
    return isTradingDay(day)
  } catch {
    return false // outside the calendar's years
  }
}
