/**
 * GET /api/alerts/deliveries, the "why did or didn't I get this" trace: the caller's firings,
 * newest first, each with the condition as it was, the values that fired it, and per channel the
 * delivery's status and reason from the notifications module, and that in one sentence (`summary`).
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { DELIVERIES_DEFAULT, type DeliveriesOut, type DeliveriesQueryInput } from './alerts.schemas.ts'
import * as repo from './firing.repository.ts'
import type { DeliveryView, Notifier } from './lib/notifier.ts'
import type { QuietHours } from './lib/quiet-hours.ts'
import { channelSummary } from './lib/summary.ts'
import { quietHoursOf } from './prefs.repository.ts'

const NEW_YORK = 'America/New_York'

export class DeliveriesService {
  constructor(private readonly deps: { scopes: Scopes; notifier: () => Notifier }) {}

  async list(scope: RequestScope, q: DeliveriesQueryInput): Promise<DeliveriesOut> {
    const { rows, qh } = await this.deps.scopes.withTenant(scope.tenantId, async (s) => ({
      rows: await repo.listFirings(s, scope.userId, {
        limit: q.limit ?? DELIVERIES_DEFAULT,
        alertType: q.alert_type,
      }),
      qh: (await quietHoursOf(s, scope.userId)) as QuietHours | null,
    }))
    const zone = qh?.time_zone ?? NEW_YORK
    const ids = rows.flatMap((r) => (r.notification_id === null ? [] : [Number(r.notification_id)]))
    const deliveries = ids.length
      ? await this.deps.notifier().deliveries(scope.tenantId, ids)
      : new Map<number, DeliveryView[]>()
    return {
      items: rows.map((r) => ({
        firing_id: Number(r.id),
        rule_id: Number(r.rule_id),
        alert_type: r.alert_type,
        condition: r.condition as Record<string, unknown>,
        values: r.fired_values as Record<string, unknown>,
        fired_at: new Date(r.fired_at).toISOString(),
        channels: (r.notification_id === null ? [] : (deliveries.get(Number(r.notification_id)) ?? [])).map(
          (d: {
            channel: string
            status: string
            detail: object
            attempts: number
            sent_at: string | null
          }) => ({
            channel: d.channel,
            status: d.status,
            detail: d.detail as Record<string, unknown>,
            attempts: d.attempts,
            sent_at: d.sent_at,
            summary: channelSummary(d, zone),
          }),
        ),
      })),
    }
  }
}
