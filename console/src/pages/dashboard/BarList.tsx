/**
 * Shares of a whole as a list of horizontal bars: each row its label, a bar as wide as its weight, and
 * the value and weight as text (the bar is decoration; the text is what a screen reader reads).
 */
import { money, pctPoints } from '../../ui/format.ts'

export interface BarRow {
  key: string
  label: string
  value: number
  /** Percent of the total (0–100); null when it has none. */
  weight: number | null
}

export function BarList({ rows, currency, label }: { rows: BarRow[]; currency: string; label: string }) {
  return (
    <ul className="bar-list" aria-label={label}>
      {rows.map((r) => (
        <li key={r.key}>
          <span className="bar-label">{r.label}</span>
          <span className="bar-track" aria-hidden="true">
            <span className="bar" style={{ width: `${Math.max(0, Math.min(100, r.weight ?? 0))}%` }} />
          </span>
          <span className="bar-value">
            {money(r.value, currency)} · {r.weight === null ? '—' : pctPoints(r.weight)}
          </span>
        </li>
      ))}
    </ul>
  )
}
