/** OpenAPI example values the widget routes share. */

const row = (over: Record<string, unknown>) => ({
  widget_id: 'headline',
  title: 'Headline figures',
  description: 'AUM and NAV, the last session’s P&L, total and realized P&L, and the XIRR since the start.',
  visible: true,
  collapsed: false,
  position: 0,
  source: 'default',
  reason: null,
  required_plan: null,
  required_plan_name: null,
  note: null,
  default_visible: true,
  default_position: 0,
  plan_floor: 'free',
  ...over,
})

export const ROW_HEADLINE = row({})
export const ROW_HIDDEN_BY_USER = row({ visible: false, source: 'user', collapsed: true })
export const ROW_DRAWDOWN_MOVED = row({
  widget_id: 'drawdown',
  title: 'Drawdown',
  description: 'How far the portfolio stood below its running peak over the same range as the value chart.',
  position: 0,
  visible: true,
  source: 'user',
  default_visible: false,
  default_position: 2,
})

export const VISIBILITY_LIST = {
  plan: 'free',
  items: [
    ROW_HEADLINE,
    row({
      widget_id: 'value_chart',
      title: 'Value and P&L',
      description: 'Portfolio value against net capital over a chosen range, with its time-weighted return.',
      position: 1,
      collapsed: true,
      default_position: 1,
    }),
    row({
      widget_id: 'allocation_account',
      title: 'By account',
      description: 'Holdings plus cash per account, with each account’s weight.',
      visible: false,
      position: 3,
      source: 'policy',
      reason: 'disabled_by_admin',
      note: 'Accounts are reviewed at the monthly meeting',
      default_position: 3,
    }),
    row({
      widget_id: 'investors',
      title: 'Investors',
      description: 'Each investor’s units, share, value, net contribution and gain by unit accounting.',
      visible: false,
      position: 6,
      source: 'plan',
      reason: 'plan',
      required_plan: 'pro',
      required_plan_name: 'Pro',
      default_position: 6,
      plan_floor: 'pro',
    }),
  ],
}

export const POLICY_ROW = {
  widget_id: 'allocation_account',
  title: 'By account',
  enabled: false,
  forced_visible: false,
  note: 'Accounts are reviewed at the monthly meeting',
  updated_at: '2026-11-29T10:15:00.000Z',
}

export const POLICY_LIST = {
  tenant_id: 17,
  items: [
    {
      widget_id: 'headline',
      title: 'Headline figures',
      enabled: true,
      forced_visible: true,
      note: null,
      updated_at: '2026-11-28T09:00:00.000Z',
    },
    {
      widget_id: 'value_chart',
      title: 'Value and P&L',
      enabled: true,
      forced_visible: false,
      note: null,
      updated_at: null,
    },
    POLICY_ROW,
  ],
}
