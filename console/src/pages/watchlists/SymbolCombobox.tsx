/**
 * A symbol input with suggestions from GET /api/watchlists/autocomplete, as an ARIA combobox: the
 * input owns a listbox (aria-expanded, aria-controls, aria-activedescendant); ArrowDown/ArrowUp move
 * through the options, Enter picks the active one (or the text as typed), Escape closes the list.
 * A click (or tap) on an option picks it too. The API's 422 message for `symbol` shows underneath.
 */
import { useQuery } from '@tanstack/react-query'
import { useId, useState, type KeyboardEvent } from 'react'
import { ApiError } from '../../api/problem.ts'
import { fetchSuggestions } from './queries.ts'

interface Props {
  label: string
  onPick: (symbol: string) => void
  error?: unknown
  busy?: boolean
}

export function SymbolCombobox({ label, onPick, error, busy }: Props) {
  const id = useId()
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const q = text.trim().slice(0, 20)
  const suggestions = useQuery({
    queryKey: ['watchlists', 'autocomplete', q],
    enabled: q !== '',
    queryFn: () => fetchSuggestions(q),
    staleTime: 60_000,
  })
  const options = q ? (suggestions.data?.items ?? []) : []
  const expanded = open && options.length > 0
  const message = error instanceof ApiError ? error.fieldMessage('symbol') : undefined

  const pick = (symbol: string) => {
    if (!symbol.trim()) return
    onPick(symbol.trim())
    setText('')
    setOpen(false)
    setActive(-1)
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      if (!options.length) return
      setOpen(true)
      const step = e.key === 'ArrowDown' ? 1 : -1
      setActive((a) => (a + step + options.length) % options.length)
    } else if (e.key === 'Enter') {
      e.preventDefault()
      pick(expanded && active >= 0 ? options[active]!.symbol : text)
    } else if (e.key === 'Escape') {
      setOpen(false)
      setActive(-1)
    }
  }

  return (
    <div className={`field combobox${message ? ' invalid' : ''}`}>
      <label htmlFor={`${id}-input`}>{label}</label>
      <input
        id={`${id}-input`}
        name="symbol"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={`${id}-list`}
        aria-activedescendant={expanded && active >= 0 ? `${id}-opt-${active}` : undefined}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : `${id}-hint`}
        value={text}
        disabled={busy}
        onChange={(e) => {
          setText(e.target.value)
          setOpen(true)
          setActive(-1)
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul id={`${id}-list`} role="listbox" aria-label={`${label}: suggestions`} hidden={!expanded}>
        {options.map((o, k) => (
          <li
            key={o.symbol}
            id={`${id}-opt-${k}`}
            role="option"
            aria-selected={k === active}
            data-symbol={o.symbol}
            onMouseDown={(e) => {
              e.preventDefault()
              pick(o.symbol)
            }}
          >
            <strong>{o.symbol}</strong> <span className="muted">{o.name}</span>
          </li>
        ))}
      </ul>
      <small id={`${id}-hint`}>Type a ticker or a company name; arrows choose, Enter adds.</small>
      {message && (
        <small className="field-error" id={`${id}-error`} role="alert">
          {message}
        </small>
      )}
    </div>
  )
}
