/**
 * One dashboard widget: a titled card with its own actions, a collapse toggle (aria-expanded; stored
 * with PATCH …/collapsed) and a reset (DELETE: the widget's defaults return). Collapsed, only the
 * title bar shows.
 */
import type { ReactNode } from 'react'
import { useWidgetChange, type WidgetRow } from './widgets.ts'

const WIDE = new Set(['headline', 'investors', 'intel_feed'])

export function WidgetCard({
  row,
  actions,
  children,
}: {
  row: WidgetRow
  actions?: ReactNode
  children: ReactNode
}) {
  const change = useWidgetChange()
  const bodyId = `widget-body-${row.widget_id}`
  return (
    <section
      className={`card dash-widget${WIDE.has(row.widget_id) ? ' dash-wide' : ''}`}
      aria-label={row.title}
      data-widget={row.widget_id}
    >
      <header className="card-header">
        <h2>{row.title}</h2>
        <div className="dash-widget-actions">
          {!row.collapsed && actions}
          <button
            type="button"
            className="ghost"
            aria-expanded={!row.collapsed}
            aria-controls={bodyId}
            aria-label={`${row.collapsed ? 'Expand' : 'Collapse'} ${row.title}`}
            disabled={change.isPending}
            onClick={() => change.mutate({ kind: 'collapsed', id: row.widget_id, collapsed: !row.collapsed })}
          >
            {row.collapsed ? 'Expand' : 'Collapse'}
          </button>
          <button
            type="button"
            className="ghost"
            aria-label={`Reset ${row.title}`}
            disabled={change.isPending}
            onClick={() => change.mutate({ kind: 'reset', id: row.widget_id })}
          >
            Reset
          </button>
        </div>
      </header>
      <div id={bodyId} hidden={row.collapsed}>
        {!row.collapsed && children}
      </div>
    </section>
  )
}
