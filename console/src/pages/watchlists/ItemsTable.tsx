/**
 * A list's symbols in order with their quotes. The order changes by dragging a row (HTML5 drag and
 * drop) or with each row's Up/Down buttons (the keyboard way); either sends the whole new order to
 * PATCH /api/watchlists/items/reorder. Remove deletes the symbol from the list.
 */
import { useState } from 'react'
import { Link } from 'react-router'
import { dateTime, num, pctPoints, trend } from '../../ui/format.ts'
import { TableWrap } from '../../ui/TableWrap.tsx'
import { moved, type Item } from './queries.ts'

interface Props {
  items: Item[]
  busy: boolean
  onReorder: (symbols: string[]) => void
  onRemove: (symbol: string) => void
}

export function ItemsTable({ items, busy, onReorder, onRemove }: Props) {
  const [dragged, setDragged] = useState<number | null>(null)
  const symbols = items.map((i) => i.symbol)
  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return
    onReorder(moved(symbols, from, to))
  }
  return (
    <TableWrap label="Symbols of the list">
      <table className="watchlist-items">
        <caption className="muted">Drag a row, or use Up and Down, to change the order.</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Symbol</th>
            <th scope="col">Name</th>
            <th scope="col" className="num">
              Price
            </th>
            <th scope="col" className="num">
              Day change
            </th>
            <th scope="col">Quote time</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {items.map((it, k) => (
            <tr
              key={it.symbol}
              data-symbol={it.symbol}
              draggable={!busy}
              className={dragged === k ? 'dragging' : undefined}
              onDragStart={(e) => {
                setDragged(k)
                e.dataTransfer.effectAllowed = 'move'
                e.dataTransfer.setData('text/plain', it.symbol)
              }}
              onDragOver={(e) => {
                if (dragged !== null) e.preventDefault()
              }}
              onDrop={(e) => {
                e.preventDefault()
                if (dragged !== null) move(dragged, k)
                setDragged(null)
              }}
              onDragEnd={() => setDragged(null)}
            >
              <td>{k + 1}</td>
              <th scope="row">
                <Link to={`/symbols/${encodeURIComponent(it.symbol)}`}>{it.symbol}</Link>
              </th>
              <td>{it.name ?? '—'}</td>
              <td className="num" data-price={it.symbol}>
                {num(it.price)}
              </td>
              <td className={`num ${trend(it.change_pct)}`}>{pctPoints(it.change_pct, 2, true)}</td>
              <td>{dateTime(it.quote_as_of)}</td>
              <td className="row-actions">
                <button
                  type="button"
                  className="ghost"
                  aria-label={`Move ${it.symbol} up`}
                  disabled={busy || k === 0}
                  onClick={() => move(k, k - 1)}
                >
                  Up
                </button>
                <button
                  type="button"
                  className="ghost"
                  aria-label={`Move ${it.symbol} down`}
                  disabled={busy || k === items.length - 1}
                  onClick={() => move(k, k + 1)}
                >
                  Down
                </button>
                <button
                  type="button"
                  className="danger"
                  aria-label={`Remove ${it.symbol}`}
                  disabled={busy}
                  onClick={() => onRemove(it.symbol)}
                >
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  )
}
