/**
 * The dashboard's widgets: one entry per card the console's dashboard renders, in the order a new
 * user sees them. `default_position` values are 0…n−1 (a permutation); `plan_floor` is the code of
 * the cheapest plan that shows the widget (plans are ranked by the tenancy module's catalogue:
 * free < pro < premium). Ids are stable: stored preferences and tenant policies refer to them.
 */
export type PlanCode = 'free' | 'pro' | 'premium'

export interface WidgetDef {
  id: string
  title: string
  description: string
  default_visible: boolean
  default_position: number
  plan_floor: PlanCode
}

export const WIDGETS: readonly WidgetDef[] = [
  {
    id: 'headline',
    title: 'Headline figures',
    description: 'AUM and NAV, the last session’s P&L, total and realized P&L, and the XIRR since the start.',
    default_visible: true,
    default_position: 0,
    plan_floor: 'free',
  },
  {
    id: 'value_chart',
    title: 'Value and P&L',
    description: 'Portfolio value against net capital over a chosen range, with its time-weighted return.',
    default_visible: true,
    default_position: 1,
    plan_floor: 'free',
  },
  {
    id: 'drawdown',
    title: 'Drawdown',
    description: 'How far the portfolio stood below its running peak over the same range as the value chart.',
    default_visible: false,
    default_position: 2,
    plan_floor: 'free',
  },
  {
    id: 'allocation_account',
    title: 'By account',
    description: 'Holdings plus cash per account, with each account’s weight.',
    default_visible: true,
    default_position: 3,
    plan_floor: 'free',
  },
  {
    id: 'allocation_symbol',
    title: 'By symbol',
    description: 'Market value per symbol (a symbol held in several accounts summed), cash as its own row.',
    default_visible: true,
    default_position: 4,
    plan_floor: 'free',
  },
  {
    id: 'allocation_sector',
    title: 'By sector',
    description: 'Holdings plus cash per sector, with each sector’s weight.',
    default_visible: true,
    default_position: 5,
    plan_floor: 'free',
  },
  {
    id: 'investors',
    title: 'Investors',
    description: 'Each investor’s units, share, value, net contribution and gain by unit accounting.',
    default_visible: true,
    default_position: 6,
    plan_floor: 'pro',
  },
  {
    id: 'intel_feed',
    title: 'Intel feed',
    description: 'The latest signals, recommendations and news, kept live while the page is open.',
    default_visible: true,
    default_position: 7,
    plan_floor: 'free',
  },
]

export const WIDGET_BY_ID: ReadonlyMap<string, WidgetDef> = new Map(WIDGETS.map((w) => [w.id, w]))
export const WIDGET_IDS: readonly string[] = WIDGETS.map((w) => w.id)
