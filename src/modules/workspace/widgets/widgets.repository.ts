/** SQL for widget preferences (per user) and widget policies (per tenant); tenant scope first. */
import type { TenantScope } from '../../../platform/db/index.ts'

export interface PreferenceChange {
  visible?: boolean
  collapsed?: boolean
  position?: number
}

export function preferences(s: TenantScope, userId: number) {
  return s.db
    .selectFrom('widget_preference')
    .select(['widget_id', 'visible', 'collapsed', 'position'])
    .where('tenant_id', '=', s.tenantId)
    .where('user_id', '=', userId)
    .execute()
}

/** Sets the given columns of the user's row for the widget (creating it); others keep their value. */
export async function upsertPreference(
  s: TenantScope,
  userId: number,
  widgetId: string,
  change: PreferenceChange,
  at: Date,
): Promise<void> {
  await s.db
    .insertInto('widget_preference')
    .values({ tenant_id: s.tenantId, user_id: userId, widget_id: widgetId, ...change, updated_at: at })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'user_id', 'widget_id']).doUpdateSet({ ...change, updated_at: at }),
    )
    .execute()
}

/** Drops the user's choices for the widget; false when there were none. */
export async function deletePreference(s: TenantScope, userId: number, widgetId: string): Promise<boolean> {
  const r = await s.db
    .deleteFrom('widget_preference')
    .where('tenant_id', '=', s.tenantId)
    .where('user_id', '=', userId)
    .where('widget_id', '=', widgetId)
    .executeTakeFirst()
  return r.numDeletedRows > 0n
}

export function policies(s: TenantScope) {
  return s.db
    .selectFrom('widget_policy')
    .select(['widget_id', 'enabled', 'forced_visible', 'note', 'updated_at'])
    .where('tenant_id', '=', s.tenantId)
    .execute()
}

export interface PolicyValues {
  enabled: boolean
  forced_visible: boolean
  note: string | null
}

export async function upsertPolicy(
  s: TenantScope,
  widgetId: string,
  v: PolicyValues,
  at: Date,
): Promise<void> {
  await s.db
    .insertInto('widget_policy')
    .values({ tenant_id: s.tenantId, widget_id: widgetId, ...v, updated_at: at })
    .onConflict((oc) => oc.columns(['tenant_id', 'widget_id']).doUpdateSet({ ...v, updated_at: at }))
    .execute()
}

export async function deletePolicy(s: TenantScope, widgetId: string): Promise<boolean> {
  const r = await s.db
    .deleteFrom('widget_policy')
    .where('tenant_id', '=', s.tenantId)
    .where('widget_id', '=', widgetId)
    .executeTakeFirst()
  return r.numDeletedRows > 0n
}
