/**
 * A destructive action in two steps: the button asks, then "Yes" does it and "Cancel" backs out. The
 * question names what is about to go, so a screen reader user hears it before confirming.
 *
 * Focus follows the step: asking moves it to Cancel (the safe choice, inside the group that states
 * the question), and backing out or confirming returns it to the button, so a keyboard user is never
 * left on the page's body when the button they pressed goes away.
 */
import { useEffect, useRef, useState } from 'react'

export function ConfirmButton({
  label,
  question,
  confirmLabel,
  onConfirm,
  busy = false,
}: {
  label: string
  question: string
  confirmLabel: string
  onConfirm: () => void
  busy?: boolean
}) {
  const [asking, setAsking] = useState(false)
  // Set by a step the user took: a first render moves no focus.
  const moved = useRef(false)
  const start = useRef<HTMLButtonElement>(null)
  const cancel = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (!moved.current) return
    moved.current = false
    ;(asking ? cancel : start).current?.focus()
  }, [asking])
  const step = (next: boolean) => {
    moved.current = true
    setAsking(next)
  }
  if (!asking)
    return (
      <button ref={start} type="button" className="danger" onClick={() => step(true)}>
        {label}
      </button>
    )
  return (
    <span className="confirm" role="group" aria-label={question}>
      <span>{question}</span>
      <button
        type="button"
        className="danger"
        aria-disabled={busy || undefined}
        onClick={() => {
          if (busy) return
          onConfirm()
          step(false)
        }}
      >
        {confirmLabel}
      </button>
      <button ref={cancel} type="button" className="secondary" onClick={() => step(false)}>
        Cancel
      </button>
    </span>
  )
}
