/**
 * GET/PATCH /committee/config: the tenant's configuration over the defaults (lib/config.ts) and
 * whether the model-assisted decision would be used: `model` requested, a language model
 * configured (LLM_BASE_URL), and the plan feature `committee_model` (Premium). Committee runs are on
 * every plan with the rules deciding; the feature gates only the model's part.
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { UnprocessableError } from '../../../platform/http/errors.ts'
import type { LlmProvider } from '../../../providers/llm/index.ts'
import type { EntitlementsService } from '../../accounts/tenancy/index.ts'
import { findConfig, saveConfig } from './config.repository.ts'
import {
  configErrors,
  DEFAULT_CONFIG,
  mergeConfig,
  type CommitteeConfig,
  type ConfigPatch,
} from './lib/config.ts'

/** The plan feature that lets the language model decide a run (runs themselves need none). */
export const MODEL_FEATURE = 'committee_model'

export interface ModelStatus {
  requested: boolean
  provider_configured: boolean
  plan_allows: boolean
  active: boolean
  reason: string | null
}

export interface ConfigView extends CommitteeConfig {
  is_default: boolean
  updated_at: string | null
  model_status: ModelStatus
}

export interface ConfigDeps {
  scopes: Scopes
  clock: Clock
  llm: LlmProvider | null
  entitlements: Pick<EntitlementsService, 'forTenant'>
}

export class CommitteeConfigService {
  constructor(private readonly deps: ConfigDeps) {}

  /** The stored config over the defaults (keys added later take their default). */
  async current(tenantId: number): Promise<{ config: CommitteeConfig; updated_at: Date | null }> {
    const row = await this.deps.scopes.withTenant(tenantId, (s) => findConfig(s))
    if (!row) return { config: DEFAULT_CONFIG, updated_at: null }
    return { config: mergeConfig(DEFAULT_CONFIG, row.config), updated_at: row.updated_at }
  }

  async get(scope: RequestScope): Promise<ConfigView> {
    const { config, updated_at } = await this.current(scope.tenantId)
    return this.view(scope, config, updated_at)
  }

  async patch(scope: RequestScope, patch: ConfigPatch): Promise<ConfigView> {
    const { config } = await this.current(scope.tenantId)
    const next = mergeConfig(config, patch)
    const errors = configErrors(next)
    if (errors.length)
      throw new UnprocessableError('validation.failed', errors.map((e) => e.msg).join('; '), errors)
    const at = this.deps.clock.now()
    await this.deps.scopes.withTenant(scope.tenantId, (s) =>
      saveConfig(s, next as unknown as Record<string, unknown>, at),
    )
    return this.view(scope, next, at)
  }

  /** Whether a run created now for this caller may use the model. */
  async modelStatus(
    scope: Pick<RequestScope, 'tenantId' | 'plan'>,
    requested: boolean,
  ): Promise<ModelStatus> {
    const provider_configured = this.deps.llm !== null
    const { features } = await this.deps.entitlements.forTenant(scope)
    const plan_allows = features[MODEL_FEATURE] === true
    const active = requested && provider_configured && plan_allows
    let reason: string | null = null
    if (!requested) reason = 'model off: the rules decide'
    else if (!provider_configured)
      reason = 'model unavailable: no language model is configured; the rules decide'
    else if (!plan_allows)
      reason = `model unavailable on this plan (feature ${MODEL_FEATURE}); the rules decide`
    return { requested, provider_configured, plan_allows, active, reason }
  }

  private async view(
    scope: RequestScope,
    config: CommitteeConfig,
    updated_at: Date | null,
  ): Promise<ConfigView> {
    return {
      ...config,
      is_default: updated_at === null,
      updated_at: updated_at?.toISOString() ?? null,
      model_status: await this.modelStatus(scope, config.model),
    }
  }
}
