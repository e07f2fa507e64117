/** Request and response schemas of the widget routes, and the limits they state. */
import { Type, type Static } from 'typebox'
import { Id, Nullable, Text } from '../../../platform/http/schemas.ts'
import { WIDGETS } from './lib/registry.ts'

/** The last position a widget can take: the registry is 0…n−1. */
export const MAX_POSITION = WIDGETS.length - 1
export const NOTE_MAX = 500

export const WidgetParams = Type.Object({
  widget_id: Type.String({
    pattern: '^[a-z][a-z0-9_]{0,63}$',
    description: `A widget id of the registry (${WIDGETS.map((w) => w.id).join(', ')}); another well-formed id is 404`,
  }),
})

const Position = Type.Integer({
  minimum: 0,
  maximum: MAX_POSITION,
  description: `0 is first; at most ${MAX_POSITION} (one place per widget of the registry)`,
})

export const PreferenceBody = Type.Object(
  {
    visible: Type.Optional(Type.Boolean({ description: 'Show (true) or hide (false) the widget' })),
    collapsed: Type.Optional(Type.Boolean({ description: 'Show only its title bar' })),
    position: Type.Optional(Position),
  },
  { additionalProperties: false, minProperties: 1 },
)
export type PreferenceBody = Static<typeof PreferenceBody>

export const CollapsedBody = Type.Object({ collapsed: Type.Boolean() }, { additionalProperties: false })
export const PositionBody = Type.Object({ position: Position }, { additionalProperties: false })

const Source = Type.Enum(['policy', 'plan', 'user', 'default'], {
  description:
    'Which layer decided `visible`: policy (the tenant administrator), plan (above the caller’s plan), ' +
    'user (the caller’s own choice), default (the widget’s default)',
})
const Reason = Nullable(
  Type.Enum(['disabled_by_admin', 'plan', 'required_by_admin'], {
    description:
      'Why the caller cannot change `visible`: disabled_by_admin, plan (see required_plan), ' +
      'required_by_admin (forced on); null when the caller decides',
  }),
)

export const EffectiveRow = Type.Object({
  widget_id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  visible: Type.Boolean(),
  collapsed: Type.Boolean({ description: 'The caller’s choice, else false' }),
  position: Type.Integer({ description: 'Rank in the effective order, 0…n−1 over every widget' }),
  source: Source,
  reason: Reason,
  required_plan: Nullable(Type.String({ description: 'With reason "plan": the plan code that shows it' })),
  required_plan_name: Nullable(Type.String({ description: 'That plan’s name' })),
  note: Nullable(Type.String({ description: 'The administrator’s note, when a policy is set' })),
  default_visible: Type.Boolean(),
  default_position: Type.Integer(),
  plan_floor: Type.String({ description: 'The cheapest plan code that shows the widget' }),
})

export const VisibilityList = Type.Object({
  plan: Type.String({ description: 'The caller’s plan code' }),
  items: Type.Array(EffectiveRow, { description: 'Every widget of the registry, by effective position' }),
})

export const AdminTenantQuery = Type.Object(
  {
    tenant_id: Type.Optional(
      Id({ description: 'Administrators only: act on another tenant (default: their own)' }),
    ),
  },
  { additionalProperties: false },
)

export const PolicyBody = Type.Object(
  {
    enabled: Type.Boolean({ description: 'false: the widget is hidden for every user of the tenant' }),
    forced_visible: Type.Optional(
      Type.Boolean({ description: 'true: shown to every user whose plan includes it, whatever they chose' }),
    ),
    note: Type.Optional(Nullable(Text({ minLength: 1, maxLength: NOTE_MAX, description: 'Shown to users' }))),
  },
  { additionalProperties: false },
)
export type PolicyBody = Static<typeof PolicyBody>

export const PolicyRow = Type.Object({
  widget_id: Type.String(),
  title: Type.String(),
  enabled: Type.Boolean(),
  forced_visible: Type.Boolean(),
  note: Nullable(Type.String()),
  updated_at: Nullable(Type.String({ format: 'date-time', description: 'null: no policy set' })),
})

export const PolicyList = Type.Object({ tenant_id: Type.Integer(), items: Type.Array(PolicyRow) })
