/**
 * The one way the console pages a list. A paging button that cannot act — at the first or last
 * page, or while the page it would leave is still loading — says so with aria-disabled and ignores
 * presses, but stays focusable: a `disabled` button would drop keyboard focus to the page body the
 * moment the user reaches either end. `button[aria-disabled='true']` looks disabled in app.css.
 */
import type { ReactNode } from 'react'

export interface PagerButtonProps {
  /** True when a press would do nothing: at an end, or while data loads. */
  unavailable: boolean
  onPress: () => void
  children: ReactNode
}

export function PagerButton({ unavailable, onPress, children }: PagerButtonProps) {
  return (
    <button
      type="button"
      className="secondary"
      aria-disabled={unavailable || undefined}
      onClick={() => {
        if (!unavailable) onPress()
      }}
    >
      {children}
    </button>
  )
}

/** One direction of a pager: its words (Previous, Newer, …), whether it can act, what it does. */
export interface PagerStep {
  label?: ReactNode
  unavailable: boolean
  onPress: () => void
}

/**
 * "Previous · where we are · Next" in a labelled navigation landmark. `children` is the position
 * (e.g. "Page 2 of 5"), announced politely as it changes.
 */
export function PagerNav({
  label,
  previous,
  next,
  children,
  className = 'pager',
}: {
  label: string
  previous: PagerStep
  next: PagerStep
  children?: ReactNode
  className?: string
}) {
  return (
    <nav className={className} aria-label={label}>
      <PagerButton unavailable={previous.unavailable} onPress={previous.onPress}>
        {previous.label ?? 'Previous'}
      </PagerButton>
      {children !== undefined && <span aria-live="polite">{children}</span>}
      <PagerButton unavailable={next.unavailable} onPress={next.onPress}>
        {next.label ?? 'Next'}
      </PagerButton>
    </nav>
  )
}
