/**
 * The effective state of each dashboard widget for one user, from three layers:
 *
 * 1. the tenant policy (an administrator's): a widget disabled for the tenant is hidden
 *    (`source: "policy"`, `reason: "disabled_by_admin"`), whatever the user chose;
 * 2. the plan floor: a widget above the caller's plan is hidden (`source: "plan"`, `reason: "plan"`,
 *    `required_plan` names the plan that shows it);
 * 3. a policy that forces the widget on shows it (`source: "policy"`, `reason: "required_by_admin"`);
 * 4. the user's own choice (`source: "user"`), else the widget's default (`source: "default"`).
 *
 * `source` and `reason` explain `visible`. `collapsed` is the user's choice, else false.
 *
 * Order: each widget asks for a position (the user's stored one, else its default); widgets are
 * sorted by that number, ties broken by default position, then id; the effective `position` is the
 * rank in that order, so positions are always 0…n−1 over the whole registry (hidden widgets keep
 * their place). Moving a widget to position p takes it out of the current order, puts it back at p
 * and renumbers every widget 0…n−1 (`moveTo`); the service stores the new numbers for all of them.
 */
import type { WidgetDef } from './registry.ts'

export interface UserOverride {
  widget_id: string
  visible: boolean | null
  collapsed: boolean | null
  position: number | null
}

export interface TenantPolicy {
  widget_id: string
  enabled: boolean
  forced_visible: boolean
  note: string | null
}

export type Source = 'policy' | 'plan' | 'user' | 'default'
export type Reason = 'disabled_by_admin' | 'plan' | 'required_by_admin'

export interface EffectiveRow {
  widget_id: string
  title: string
  description: string
  visible: boolean
  collapsed: boolean
  position: number
  source: Source
  reason: Reason | null
  required_plan: string | null
  required_plan_name: string | null
  note: string | null
  default_visible: boolean
  default_position: number
  plan_floor: string
}

/** The plans by code: rank (higher is more) and name. A caller's plan missing here ranks below all. */
export type PlanRanks = ReadonlyMap<string, { rank: number; name: string }>

/** Widget ids in effective order (see the file comment). */
export function effectiveOrder(
  widgets: readonly WidgetDef[],
  overrides: ReadonlyMap<string, UserOverride>,
): string[] {
  const asked = (w: WidgetDef) => overrides.get(w.id)?.position ?? w.default_position
  return [...widgets]
    .sort(
      (a, b) =>
        asked(a) - asked(b) ||
        a.default_position - b.default_position ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    )
    .map((w) => w.id)
}

/** The order after moving `id` to `position` (clamped to the last place). */
export function moveTo(order: readonly string[], id: string, position: number): string[] {
  const rest = order.filter((x) => x !== id)
  const at = Math.max(0, Math.min(position, rest.length))
  return [...rest.slice(0, at), id, ...rest.slice(at)]
}

function visibility(
  w: WidgetDef,
  o: UserOverride | undefined,
  p: TenantPolicy | undefined,
  planAllows: boolean,
): Pick<EffectiveRow, 'visible' | 'source' | 'reason' | 'required_plan'> {
  // Each branch names the layer that decided; see the file comment for the precedence.
  if (p && !p.enabled)
    return { visible: false, source: 'policy', reason: 'disabled_by_admin', required_plan: null }
  if (!planAllows) return { visible: false, source: 'plan', reason: 'plan', required_plan: w.plan_floor }
  if (p?.forced_visible)
    return { visible: true, source: 'policy', reason: 'required_by_admin', required_plan: null }
  if (o?.visible != null) return { visible: o.visible, source: 'user', reason: null, required_plan: null }
  return { visible: w.default_visible, source: 'default', reason: null, required_plan: null }
}

/** Every widget's effective row, in effective order. */
export function effectiveRows(input: {
  widgets: readonly WidgetDef[]
  overrides: readonly UserOverride[]
  policies: readonly TenantPolicy[]
  plan: string
  ranks: PlanRanks
}): EffectiveRow[] {
  const overrides = new Map(input.overrides.map((o) => [o.widget_id, o]))
  const policies = new Map(input.policies.map((p) => [p.widget_id, p]))
  const byId = new Map(input.widgets.map((w) => [w.id, w]))
  const callerRank = input.ranks.get(input.plan)?.rank ?? -1
  return effectiveOrder(input.widgets, overrides).map((id, position) => {
    const w = byId.get(id)!
    const o = overrides.get(id)
    const p = policies.get(id)
    const floor = input.ranks.get(w.plan_floor)?.rank ?? Number.POSITIVE_INFINITY
    const shown = visibility(w, o, p, callerRank >= floor)
    return {
      widget_id: w.id,
      title: w.title,
      description: w.description,
      ...shown,
      required_plan_name:
        shown.required_plan && (input.ranks.get(shown.required_plan)?.name ?? shown.required_plan),
      collapsed: o?.collapsed ?? false,
      position,
      note: p?.note ?? null,
      default_visible: w.default_visible,
      default_position: w.default_position,
      plan_floor: w.plan_floor,
    }
  })
}
