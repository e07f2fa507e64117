/** The window picker shared by the signal, flow and scan reads: the latest N trading sessions. */
import { SelectField } from '../../ui/Field.tsx'

export function SessionsPicker({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  return (
    <SelectField
      label="Window"
      name="sessions"
      value={value}
      onChange={(e) => onChange(Number(e.target.value))}
    >
      {[1, 2, 5, 10, 20].map((n) => (
        <option key={n} value={n}>
          {n === 1 ? 'Latest session' : `Last ${n} sessions`}
        </option>
      ))}
    </SelectField>
  )
}
