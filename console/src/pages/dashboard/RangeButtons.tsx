import { RANGES, RANGE_NAMES, type RangeKey } from './ranges.ts'

/** The range toggles of the dashboard's charts: one pressed at a time. */
export function RangeButtons({ value, onChange }: { value: RangeKey; onChange: (r: RangeKey) => void }) {
  return (
    <div className="tabs" role="group" aria-label="Chart range">
      {RANGES.map((r) => (
        <button
          key={r}
          type="button"
          className="secondary"
          aria-pressed={r === value}
          title={RANGE_NAMES[r]}
          onClick={() => onChange(r)}
        >
          {r}
        </button>
      ))}
    </div>
  )
}
