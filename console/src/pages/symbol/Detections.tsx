/**
 * Each overlay's detections as a table under the chart (time, kind, price): what the chart draws,
 * readable without it. Intraday times are in New York time; daily bars show their date.
 */
import { date, num } from '../../ui/format.ts'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { Loading } from '../../ui/QueryState.tsx'
import { exchangeTime } from './chart-time.ts'
import type { Row } from './overlays.ts'
import type { Layer } from './useOverlays.ts'
import { TableWrap } from '../../ui/TableWrap.tsx'

const price = (p: Row['price']) => (typeof p === 'number' ? num(p, 4) : `${num(p[0], 4)} – ${num(p[1], 4)}`)

function Table({ layer, rows, daily }: { layer: Layer; rows: Row[]; daily: boolean }) {
  if (rows.length === 0) {
    return <p className="empty">No {layer.noun} in the bars analysed on this timeframe.</p>
  }
  const more = layer.total !== undefined && layer.total > rows.length ? ` (the newest of ${layer.total})` : ''
  return (
    <TableWrap label={`${layer.label} detections`}>
      <table data-overlay={layer.id} data-count={rows.length}>
        <caption className="muted">
          {rows.length} {layer.noun}
          {more}
        </caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Kind</th>
            <th scope="col" className="num">
              Price
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={`${r.time}-${i}`}>
              <td>{daily ? date(r.time) : exchangeTime(r.time)}</td>
              <td>{r.kind}</td>
              <td className="num">{price(r.price)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  )
}

export function Detections({ layers, daily }: { layers: Layer[]; daily: boolean }) {
  return (
    <>
      {layers.map((l) => (
        <div key={l.id} className="detections" aria-label={l.label} role="region">
          <h3>{l.label}</h3>
          {l.query.isPending ? (
            <Loading label={`Loading ${l.noun}`} />
          ) : l.query.isError ? (
            <ProblemAlert error={l.query.error} />
          ) : (
            <Table layer={l} rows={l.drawn?.rows ?? []} daily={daily} />
          )}
        </div>
      ))}
    </>
  )
}
