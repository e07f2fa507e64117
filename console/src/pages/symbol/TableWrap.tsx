import type { ReactNode } from 'react'

/**
 * A table that may scroll sideways on a narrow screen: the scrolling box is focusable and named, so it
 * can be scrolled from the keyboard and a screen reader says what it holds.
 */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  )
}
