/** The correlation matrix as a table: one row and one column per symbol, each cell coloured by its ρ. */
import type { Correlation } from './api.ts'
import { cellColors, useDivergingScale, type Scale } from './scale.ts'
import { TableWrap } from '../../../ui/TableWrap.tsx'

export const rho = (v: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(v)

function Cell({ scale, value, title }: { scale: Scale; value: number | null | undefined; title: string }) {
  if (value === null || value === undefined)
    return (
      <td className="num intel-cell" data-value="null" title={title}>
        n/a
      </td>
    )
  return (
    <td className="num intel-cell" data-value={String(value)} title={title} style={cellColors(scale, value)}>
      {rho(value)}
    </td>
  )
}

export function Legend() {
  const scale = useDivergingScale()
  const stops = [-1, -0.5, 0, 0.5, 1]
  return (
    <table className="intel-legend" aria-label="Colour scale">
      <tbody>
        <tr>
          <th scope="row">ρ</th>
          {stops.map((v) => (
            <td key={v} className="num intel-cell" style={cellColors(scale, v)}>
              {rho(v)}
            </td>
          ))}
        </tr>
      </tbody>
    </table>
  )
}

export function Heatmap({ c }: { c: Correlation }) {
  const scale = useDivergingScale()
  return (
    <TableWrap label="Correlation matrix">
      <table className="intel-heatmap" aria-label="Correlation matrix">
        <thead>
          <tr>
            <td />
            {c.symbols.map((s) => (
              <th key={s} scope="col" className="num">
                {s}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {c.symbols.map((row, i) => (
            <tr key={row} data-symbol={row}>
              <th scope="row">{row}</th>
              {c.symbols.map((col, j) => (
                <Cell
                  key={col}
                  scale={scale}
                  value={c.matrix[i]?.[j]}
                  title={`${row} / ${col}: ${c.observations[i]?.[j] ?? 0} common daily returns`}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  )
}
