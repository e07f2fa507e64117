/**
 * A run's rows: the requested columns, then the values of every field the filters used ("why" it
 * matched) that is not already a column. A column header sorts by that field (again: the other way).
 */
import { money, num, pctPoints, trend } from '../../ui/format.ts'
import { TableWrap } from '../../ui/TableWrap.tsx'
import type { CatalogField, Run } from './api.ts'

type Value = string | number | boolean | null | undefined
export interface SortKey {
  field: string
  dir: 'asc' | 'desc'
}

/** A value in its field's unit: dollars, percent points, share counts, plain numbers, yes/no. */
export function formatValue(v: Value, f: CatalogField | undefined): string {
  if (v === null || v === undefined) return '—'
  if (typeof v === 'boolean') return v ? 'yes' : 'no'
  if (typeof v === 'string') return v
  switch (f?.unit) {
    case 'usd':
      return Math.abs(v) >= 1e6
        ? money(v, 'USD', { notation: 'compact', maximumFractionDigits: 2 })
        : money(v)
    case 'percent':
      return pctPoints(v, 2)
    case 'shares':
      return num(v, 0)
    default:
      return num(v, 2)
  }
}

function Header({
  id,
  label,
  sort,
  onSort,
  why,
}: {
  id: string
  label: string
  sort?: SortKey
  onSort: (s: SortKey) => void
  why?: boolean
}) {
  const dir = sort?.field === id ? sort.dir : undefined
  const next: SortKey = { field: id, dir: dir === 'desc' ? 'asc' : 'desc' }
  return (
    <th
      scope="col"
      aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}
      className={why ? 'screen-why' : undefined}
    >
      <button type="button" className="ghost screen-sort" onClick={() => onSort(next)}>
        {why ? `Why: ${label}` : label}
        {dir === 'asc' ? ' ▲' : dir === 'desc' ? ' ▼' : ''}
      </button>
    </th>
  )
}

export function ResultsTable({
  run,
  byId,
  sort,
  onSort,
}: {
  run: Run
  byId: ReadonlyMap<string, CatalogField>
  sort?: SortKey
  onSort: (s: SortKey) => void
}) {
  const whyFields = [...new Set(run.rows.flatMap((r) => Object.keys(r.why)))].filter(
    (id) => !run.columns.includes(id),
  )
  const label = (id: string) => byId.get(id)?.label ?? id
  const cell = (id: string, v: Value) => {
    const f = byId.get(id)
    const cls = [
      f?.type === 'number' ? 'num' : '',
      id.endsWith('_pct') || id.startsWith('perf_') ? trend(v as number) : '',
    ]
    return (
      <td key={id} className={cls.join(' ').trim() || undefined} data-field={id}>
        {formatValue(v, f)}
      </td>
    )
  }
  return (
    <TableWrap label="Screen results">
      <table aria-label="Screen results">
        <thead>
          <tr>
            {run.columns.map((id) => (
              <Header key={id} id={id} label={label(id)} sort={sort} onSort={onSort} />
            ))}
            {whyFields.map((id) => (
              <Header key={id} id={id} label={label(id)} sort={sort} onSort={onSort} why />
            ))}
          </tr>
        </thead>
        <tbody>
          {run.rows.map((r) => (
            <tr key={r.symbol} data-symbol={r.symbol}>
              {run.columns.map((id) => cell(id, id === 'symbol' ? r.symbol : r.values[id]))}
              {whyFields.map((id) => cell(id, r.why[id]))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  )
}
