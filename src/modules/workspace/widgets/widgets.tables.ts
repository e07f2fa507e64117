/** Row types of the widget tables (migration 0041), merged into `Database`. */
import type { Generated } from 'kysely'
import { ownedTables, type UpdatedAt } from '../../../platform/db/index.ts'

/** Tenant (0041): one user's choices for one widget; a null column means "the default". */
export interface WidgetPreferenceTable {
  tenant_id: number
  id: Generated<number>
  user_id: number
  widget_id: string
  visible: boolean | null
  collapsed: boolean | null
  position: number | null
  updated_at: UpdatedAt
}

/** Tenant (0041): an administrator's policy for one widget in the tenant (authoritative). */
export interface WidgetPolicyTable {
  tenant_id: number
  id: Generated<number>
  widget_id: string
  enabled: boolean
  forced_visible: boolean
  note: string | null
  updated_at: UpdatedAt
}

export interface WidgetsTables {
  widget_preference: WidgetPreferenceTable
  widget_policy: WidgetPolicyTable
}

declare module '../../../platform/db/schema.ts' {
  interface Database extends WidgetsTables {}
}

export const WIDGETS_TABLES = ownedTables<WidgetsTables>({ widget_preference: true, widget_policy: true })
