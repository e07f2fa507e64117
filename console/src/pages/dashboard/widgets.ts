/**
 * The dashboard's layout: GET /api/widgets/visibility (every widget's effective row, in order) and the
 * caller's changes — show/hide and move (PUT, PATCH …/position), collapse (PATCH …/collapsed), reset
 * (DELETE). Each change reads the layout again, so what the page shows is what the API answers.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, data } from '../../api/client.ts'

export const WIDGETS_KEY = ['dashboard', 'widgets'] as const

export const fetchWidgets = () => data(api.GET('/api/widgets/visibility'))
export type WidgetRow = Awaited<ReturnType<typeof fetchWidgets>>['items'][number]

type Change =
  | { kind: 'visible'; id: string; visible: boolean }
  | { kind: 'collapsed'; id: string; collapsed: boolean }
  | { kind: 'position'; id: string; position: number }
  | { kind: 'reset'; id: string }

function send(c: Change) {
  const path = { widget_id: c.id }
  switch (c.kind) {
    case 'visible':
      return data(
        api.PUT('/api/widgets/visibility/{widget_id}', { params: { path }, body: { visible: c.visible } }),
      )
    case 'collapsed':
      return data(
        api.PATCH('/api/widgets/visibility/{widget_id}/collapsed', {
          params: { path },
          body: { collapsed: c.collapsed },
        }),
      )
    case 'position':
      return data(
        api.PATCH('/api/widgets/visibility/{widget_id}/position', {
          params: { path },
          body: { position: c.position },
        }),
      )
    case 'reset':
      return data(api.DELETE('/api/widgets/visibility/{widget_id}', { params: { path } }))
  }
}

/** One mutation for every layout change; the layout is read again after each. */
export function useWidgetChange() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSettled: () => client.invalidateQueries({ queryKey: WIDGETS_KEY }),
  })
}

/** Why the caller cannot show the widget, or who decided it, in words; null when it is theirs to decide. */
export function lockedReason(row: WidgetRow): string | null {
  switch (row.reason) {
    case 'disabled_by_admin':
      return `Disabled by your administrator${row.note ? `: ${row.note}` : ''}`
    case 'plan':
      return `Needs the ${row.required_plan_name ?? row.required_plan ?? 'a higher'} plan`
    case 'required_by_admin':
      return `Always shown: set by your administrator${row.note ? ` (${row.note})` : ''}`
    default:
      return null
  }
}
