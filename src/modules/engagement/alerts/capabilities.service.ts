/** GET /api/alerts/capabilities: the catalogue (lib/catalog.ts) with the caller's and every plan's caps. */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Tenancy } from '../../accounts/tenancy/index.ts'
import { CHANNELS, DAILY_CAPS, FREQUENCIES, FREQUENCY_DOC, type AlertTypeSpec } from './lib/catalog.ts'
import { ALERTS_LIMIT } from './prefs.service.ts'

export class CapabilitiesService {
  constructor(
    private readonly deps: {
      tenancy: {
        entitlements: Pick<Tenancy['entitlements'], 'limit'>
        tenants: Pick<Tenancy['tenants'], 'plans'>
      }
      types: () => AlertTypeSpec[]
    },
  ) {}

  async capabilities(scope: RequestScope) {
    const rules = await this.deps.tenancy.entitlements.limit(scope, ALERTS_LIMIT)
    const plans = await this.deps.tenancy.tenants.plans({ page_size: 100 })
    return {
      types: this.deps.types().map((t) => ({
        ...t,
        params: t.params.map(
          (p) =>
            ({ ...p, ...(p.values ? { values: [...p.values] } : {}) }) as Omit<typeof p, 'values'> & {
              values?: string[]
            },
        ),
      })),
      channels: [...CHANNELS],
      frequencies: FREQUENCIES.map((f) => ({ frequency: f, description: FREQUENCY_DOC[f] })),
      caps: {
        plan: scope.plan,
        rules: rules ?? null,
        rules_by_plan: Object.fromEntries(plans.items.map((p) => [p.code, p.limits[ALERTS_LIMIT] ?? null])),
        per_channel_per_day: { ...DAILY_CAPS },
      },
    }
  }
}
