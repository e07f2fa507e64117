/**
 * The alerts area's reads and writes: the capabilities (the alert types and their parameters, the
 * channels, the frequencies, the caps), the caller's prefs (rules and quiet hours, saved whole by
 * PUT) and the delivery trace. Types come from the generated client.
 */
import { api, data, type paths } from '../../api/client.ts'
import { ApiError } from '../../api/problem.ts'

export const CAPABILITIES = ['alerts', 'capabilities'] as const
export const PREFS = ['alerts', 'prefs'] as const
export const deliveriesKey = (alertType: AlertTypeName | '') => ['alerts', 'deliveries', alertType] as const

export const fetchCapabilities = () => data(api.GET('/api/alerts/capabilities'))
export const fetchPrefs = () => data(api.GET('/api/alerts/prefs'))
export const savePrefs = (body: PrefsInput) => data(api.PUT('/api/alerts/prefs', { body }))
export const fetchDeliveries = (alertType: AlertTypeName | '') =>
  data(
    api.GET('/api/alerts/deliveries', {
      params: { query: { limit: 50, ...(alertType ? { alert_type: alertType } : {}) } },
    }),
  )

export type Capabilities = Awaited<ReturnType<typeof fetchCapabilities>>
export type AlertTypeSpec = Capabilities['types'][number]
export type ParamSpec = AlertTypeSpec['params'][number]
export type Prefs = Awaited<ReturnType<typeof fetchPrefs>>
export type Rule = Prefs['rules'][number]
/** The alert types the API names (the capabilities list them as plain strings). */
export type AlertTypeName = RuleInput['alert_type']
export type PrefsInput = paths['/api/alerts/prefs']['put']['requestBody']['content']['application/json']
export type RuleInput = PrefsInput['rules'][number]
export type QuietHours = NonNullable<Prefs['quiet_hours']>
export type Firing = Awaited<ReturnType<typeof fetchDeliveries>>['items'][number]

/** A saved rule as PUT takes it back: by its id, so it is updated rather than created again. */
export const asInput = (r: Rule): RuleInput => ({
  rule_id: r.rule_id,
  alert_type: r.alert_type as RuleInput['alert_type'],
  params: r.params,
  channels: r.channels as RuleInput['channels'],
  frequency: r.frequency as RuleInput['frequency'],
  enabled: r.enabled,
})

/**
 * The part of a 422 about one place of the body — `['rules', 2]` or `['quiet_hours']` — so that
 * place's form shows only its own messages; undefined when none of the errors are about it.
 */
export function errorsAt(error: unknown, ...path: (string | number)[]): ApiError | undefined {
  if (!(error instanceof ApiError) || !error.problem.errors) return undefined
  const inside = error.problem.errors.filter((e) => {
    const loc = e.loc[0] === 'body' ? e.loc.slice(1) : e.loc
    return path.every((p, i) => loc[i] === p)
  })
  return inside.length ? new ApiError(error.status, { ...error.problem, errors: inside }) : undefined
}
