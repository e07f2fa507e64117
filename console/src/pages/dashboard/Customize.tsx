/**
 * The "Customize" panel: every widget in the API's order, with a visibility toggle (aria-pressed),
 * move up / move down (PATCH …/position: the API renumbers the others) and reset (DELETE). A widget
 * the caller cannot show says why: disabled by the administrator (with the note) or the plan it needs.
 */
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { Section } from '../../ui/Page.tsx'
import { lockedReason, useWidgetChange, type WidgetRow } from './widgets.ts'

function status(row: WidgetRow): string {
  const locked = lockedReason(row)
  if (locked) return locked
  if (row.source === 'user') return row.visible ? 'Shown (your choice)' : 'Hidden (your choice)'
  return row.visible ? 'Shown (default)' : 'Hidden (default)'
}

export function Customize({ rows, id }: { rows: WidgetRow[]; id: string }) {
  const change = useWidgetChange()
  const last = rows.length - 1
  return (
    <div id={id}>
      <Section title="Customize">
        <p className="muted">
          Choose the widgets to show and their order. Your choices are kept for your login only.
        </p>
        {change.error && <ProblemAlert error={change.error} />}
        <ol className="dash-customize" aria-label="Dashboard widgets">
          {rows.map((row) => {
            const locked = row.reason !== null
            return (
              <li key={row.widget_id} data-widget={row.widget_id}>
                <span className="dash-customize-name">
                  <strong>{row.title}</strong>
                  <span className={locked ? 'notice' : 'muted'} data-status={row.widget_id}>
                    {status(row)}
                  </span>
                </span>
                <span className="dash-customize-actions">
                  <button
                    type="button"
                    className="secondary"
                    aria-pressed={row.visible}
                    aria-label={`Show ${row.title}`}
                    disabled={locked || change.isPending}
                    onClick={() =>
                      change.mutate({ kind: 'visible', id: row.widget_id, visible: !row.visible })
                    }
                  >
                    Show
                  </button>
                  <button
                    type="button"
                    className="ghost"
                    aria-label={`Move ${row.title} up`}
                    disabled={row.position === 0 || change.isPending}
                    onClick={() =>
                      change.mutate({ kind: 'position', id: row.widget_id, position: row.position - 1 })
                    }
                  >
                    Up
                  </button>
                  <button
                    type="button"
                    className="ghost"
                    aria-label={`Move ${row.title} down`}
                    disabled={row.position === last || change.isPending}
                    onClick={() =>
                      change.mutate({ kind: 'position', id: row.widget_id, position: row.position + 1 })
                    }
                  >
                    Down
                  </button>
                  <button
                    type="button"
                    className="ghost"
                    aria-label={`Reset ${row.title} to its default`}
                    disabled={change.isPending}
                    onClick={() => change.mutate({ kind: 'reset', id: row.widget_id })}
                  >
                    Reset
                  </button>
                </span>
              </li>
            )
          })}
        </ol>
      </Section>
    </div>
  )
}
