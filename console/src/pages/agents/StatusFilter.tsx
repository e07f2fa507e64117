/** The status select above a paged list (the approval queue, an agent's order log), in plain words. */
import { SelectField } from '../../ui/Field.tsx'
import { statusLabel } from './wording.ts'

export function StatusFilter({
  value,
  statuses,
  onChange,
  className,
}: {
  value: string
  className?: string
  statuses: readonly string[]
  /** The chosen status, '' for all. */
  onChange: (status: string) => void
}) {
  return (
    <div className={className ? `filters ${className}` : 'filters'}>
      <SelectField label="Status" name="status" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">All</option>
        {statuses.map((s) => (
          <option key={s} value={s}>
            {statusLabel(s)}
          </option>
        ))}
      </SelectField>
    </div>
  )
}
