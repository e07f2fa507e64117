/**
 * The caller's alert preferences: quiet hours and rules, read and replaced as one document. PUT is
 * an upsert of the set: a rule with `rule_id` updates that rule, one without creates a rule, and
 * the caller's rules left out of the document are deleted. Everything is checked before anything
 * is written; every problem is a 422 naming its path (all of them at once).
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { AppError, UnprocessableError } from '../../../platform/http/errors.ts'
import type { EntitlementsService } from '../../accounts/tenancy/index.ts'
import type { Screener } from '../../trading-intel/screener/index.ts'
import type { Watchlists } from '../../workspace/watchlists/index.ts'
import type { AlertTypeSpec } from './lib/catalog.ts'
import { checkParams, type Loc, type ParamError, type Params } from './lib/params.ts'
import { isHhMm, isTimeZone, type QuietHours } from './lib/quiet-hours.ts'
import * as repo from './prefs.repository.ts'
import type { SkipNote } from './reads.service.ts'
import type { PrefsBodyInput, PrefsOut, RuleIn } from './alerts.schemas.ts'

export const ALERTS_LIMIT = 'alerts'

export interface PrefsDeps {
  scopes: Scopes
  clock: Clock
  entitlements: Pick<EntitlementsService, 'limit'>
  symbols: Pick<Watchlists['symbols'], 'require'>
  watchlists: Pick<Watchlists['watchlists'], 'lists'>
  saved: Pick<Screener['saved'], 'list'>
  types: () => AlertTypeSpec[]
}

const ruleOut = (r: repo.RuleRow, skipped: unknown) => ({
  rule_id: Number(r.id),
  alert_type: r.alert_type,
  params: r.params as Params,
  channels: r.channels,
  frequency: r.frequency,
  enabled: r.enabled,
  created_at: new Date(r.created_at).toISOString(),
  updated_at: new Date(r.updated_at).toISOString(),
  skipped: (skipped ?? null) as SkipNote | null,
})

export class PrefsService {
  constructor(private readonly deps: PrefsDeps) {}

  async get(scope: RequestScope): Promise<PrefsOut> {
    const limit = await this.deps.entitlements.limit(scope, ALERTS_LIMIT)
    const { qh, rules, skips } = await this.deps.scopes.withTenant(scope.tenantId, async (s) => ({
      qh: (await repo.quietHoursOf(s, scope.userId)) as QuietHours | null,
      rules: await repo.listRules(s, scope.userId),
      skips: await repo.skipNotes(s, scope.userId),
    }))
    return {
      quiet_hours: qh,
      rules: rules.map((r) => ruleOut(r, skips.get(Number(r.id)))),
      limits: { rules: limit ?? null, rules_used: rules.length },
    }
  }

  async put(scope: RequestScope, body: PrefsBodyInput): Promise<PrefsOut> {
    const limit = await this.deps.entitlements.limit(scope, ALERTS_LIMIT)
    if (limit !== undefined && body.rules.length > limit)
      throw new UnprocessableError(
        'alerts.cap_exceeded',
        `Your plan allows ${limit} alert rules; the document has ${body.rules.length}`,
        [
          {
            loc: ['body', 'rules'],
            msg: `at most ${limit} rules (the plan's alerts limit)`,
            type: 'cap_exceeded',
          },
        ],
        { extra: { limit: ALERTS_LIMIT, allowed: limit } },
      )
    const errors: ParamError[] = []
    if (body.quiet_hours) checkQuietHours(body.quiet_hours, errors)
    const rules = await this.checkRules(scope, body.rules, errors)
    await this.checkIds(scope, body.rules, errors)
    if (errors.length)
      throw new UnprocessableError(
        'validation.failed',
        `${errors[0]!.loc.slice(1).join('.')}: ${errors[0]!.msg}`,
        errors,
      )
    const now = this.deps.clock.now()
    await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      if (body.quiet_hours !== undefined) await repo.upsertQuietHours(s, scope.userId, body.quiet_hours, now)
      await repo.deleteRulesExcept(
        s,
        scope.userId,
        body.rules.flatMap((r) => (r.rule_id === undefined ? [] : [r.rule_id])),
      )
      for (const [i, r] of body.rules.entries())
        if (r.rule_id === undefined) await repo.insertRule(s, scope.userId, rules[i]!, now)
        else await repo.updateRule(s, scope.userId, r.rule_id, rules[i]!, now)
    })
    return this.get(scope)
  }

  /** Each rule normalised (params checked against its type); errors collected in `errors`. */
  private async checkRules(
    scope: RequestScope,
    rules: RuleIn[],
    errors: ParamError[],
  ): Promise<repo.RuleValues[]> {
    const types = new Map(this.deps.types().map((t) => [t.type, t]))
    const out: repo.RuleValues[] = []
    for (const [i, r] of rules.entries()) {
      const at: Loc = ['body', 'rules', i]
      const spec = types.get(r.alert_type)!
      const checked = checkParams(spec, r.params, [...at, 'params'])
      if ('errors' in checked) errors.push(...checked.errors)
      const params = 'params' in checked ? checked.params : {}
      if ('params' in checked) await this.checkRefs(scope, params, [...at, 'params'], errors)
      out.push({
        alert_type: r.alert_type,
        params,
        symbol:
          typeof params.symbol === 'string' && spec.params.some((p) => p.name === 'symbol')
            ? params.symbol
            : null,
        channels: [...new Set(r.channels)],
        frequency: r.frequency,
        enabled: r.enabled ?? true,
      })
    }
    return out
  }

  /** The things parameters name must exist: a listed symbol, the caller's saved screen or watchlist. */
  private async checkRefs(scope: RequestScope, params: Params, at: Loc, errors: ParamError[]): Promise<void> {
    if (typeof params.symbol === 'string') {
      try {
        await this.deps.symbols.require(params.symbol, [...at, 'symbol'])
      } catch (e) {
        if (!(e instanceof AppError) || e.status !== 422) throw e
        errors.push({ loc: [...at, 'symbol'], msg: e.message, type: 'unknown_symbol' })
      }
    }
    if (typeof params.saved_screen_id === 'number') {
      const [a, b] = await Promise.all([
        this.deps.saved.list(scope, 'classic'),
        this.deps.saved.list(scope, 'stock_screener'),
      ])
      if (![...a.items, ...b.items].some((x) => x.id === params.saved_screen_id))
        errors.push({
          loc: [...at, 'saved_screen_id'],
          msg: `you have no saved screen ${params.saved_screen_id}`,
          type: 'unknown_saved_screen',
        })
    }
    if (typeof params.list_name === 'string') {
      const { lists } = await this.deps.watchlists.lists(scope)
      if (!lists.some((l) => l.list_name === params.list_name))
        errors.push({
          loc: [...at, 'list_name'],
          msg: `you have no watchlist named "${params.list_name}"`,
          type: 'unknown_watchlist',
        })
    }
  }

  /** rule_id must be one of the caller's rules, and appear once. */
  private async checkIds(scope: RequestScope, rules: RuleIn[], errors: ParamError[]): Promise<void> {
    const ids = rules.flatMap((r) => (r.rule_id === undefined ? [] : [r.rule_id]))
    const owners = new Map(
      (await this.deps.scopes.withTenant(scope.tenantId, (s) => repo.ruleOwners(s, ids))).map((r) => [
        Number(r.id),
        Number(r.user_id),
      ]),
    )
    const seen = new Set<number>()
    for (const [i, r] of rules.entries()) {
      if (r.rule_id === undefined) continue
      const loc = ['body', 'rules', i, 'rule_id']
      if (owners.get(r.rule_id) !== scope.userId)
        errors.push({ loc, msg: `rule ${r.rule_id} is not one of your rules`, type: 'unknown_rule' })
      else if (seen.has(r.rule_id))
        errors.push({ loc, msg: `rule ${r.rule_id} appears twice`, type: 'duplicate' })
      seen.add(r.rule_id)
    }
  }
}

function checkQuietHours(qh: QuietHours, errors: ParamError[]): void {
  const at = ['body', 'quiet_hours']
  for (const k of ['start', 'end'] as const)
    if (!isHhMm(qh[k]))
      errors.push({ loc: [...at, k], msg: `${k} must be HH:MM (00:00–23:59)`, type: 'value_error' })
  if (qh.start === qh.end)
    errors.push({ loc: [...at, 'end'], msg: 'end must differ from start', type: 'value_error' })
  if (!isTimeZone(qh.time_zone))
    errors.push({
      loc: [...at, 'time_zone'],
      msg: `unknown time zone ${qh.time_zone}`,
      type: 'unknown_time_zone',
    })
}
