import type { ReactNode } from 'react'

/** One headline figure: a label, the value, and an optional line under it (a change, a date). */
export function Stat({
  label,
  value,
  sub,
  tone = '',
}: {
  label: string
  value: ReactNode
  sub?: ReactNode
  tone?: string
}) {
  return (
    <div className="stat">
      <span className="stat-label">{label}</span>
      <strong className={`stat-value ${tone}`} data-stat={label}>
        {value}
      </strong>
      {sub && <span className="stat-sub">{sub}</span>}
    </div>
  )
}
