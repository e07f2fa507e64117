/**
 * Cross-tenant sweep: widget ids name the shared registry (lib/registry.ts), not a tenant's resource;
 * the caller's preferences are always the caller's own rows (user and tenant from the session), so
 * another tenant calling with the same id changes only its own. Admin routes are not user routes.
 */
import type { SweepFixture } from '../../module.ts'

const widget: SweepFixture = async () => ({
  params: { widget_id: 'headline' },
  body: { visible: false },
  shared: true,
})

export const widgetsSweep: Record<string, SweepFixture> = {
  updateWidgetVisibility: widget,
  resetWidgetVisibility: widget,
  setWidgetCollapsed: async () => ({
    params: { widget_id: 'headline' },
    body: { collapsed: true },
    shared: true,
  }),
  setWidgetPosition: async () => ({ params: { widget_id: 'headline' }, body: { position: 1 }, shared: true }),
}
