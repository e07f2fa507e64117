/**
 * Evidence and report items are open objects (each analyst or section has its own figures): shown as
 * label/value pairs, lists of objects as small tables, nested objects indented. Numbers as the API
 * sent them (no rounding), so they read the same as the API.
 */
import type { ReactNode } from 'react'
import { TableWrap } from '../../../ui/TableWrap.tsx'

const label = (key: string) => key.replaceAll('_', ' ')
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

function Scalar({ value }: { value: unknown }): ReactNode {
  if (value === null || value === undefined) return '—'
  if (typeof value === 'number') return value.toLocaleString('en-US', { maximumFractionDigits: 6 })
  if (typeof value === 'string' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value)
}

function ObjectTable({ rows, name }: { rows: Record<string, unknown>[]; name: string }) {
  const keys = [
    ...new Set(rows.flatMap((r) => Object.keys(r).filter((k) => !isRecord(r[k]) && !Array.isArray(r[k])))),
  ]
  return (
    <TableWrap label={name}>
      <table>
        <thead>
          <tr>
            {keys.map((k) => (
              <th key={k} scope="col">
                {label(k)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              {keys.map((k) => (
                <td key={k} className="intel-wrap">
                  <Scalar value={r[k]} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  )
}

export function JsonView({
  value,
  depth = 0,
  name = 'Details',
}: {
  value: unknown
  depth?: number
  name?: string
}): ReactNode {
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="muted">none</span>
    if (value.every(isRecord)) return <ObjectTable rows={value} name={name} />
    return value.map((v) => String(v)).join(', ')
  }
  if (!isRecord(value)) return <Scalar value={value} />
  const entries = Object.entries(value)
  if (entries.length === 0) return <span className="muted">—</span>
  return (
    <dl className={`intel-dl${depth > 0 ? ' nested' : ''}`}>
      {entries.map(([k, v]) => (
        <div key={k}>
          <dt>{label(k)}</dt>
          <dd>
            {depth < 3 ? <JsonView value={v} depth={depth + 1} name={label(k)} /> : <Scalar value={v} />}
          </dd>
        </div>
      ))}
    </dl>
  )
}
