import type { ReactNode } from 'react'

/**
 * A wide table's scroll box: a labelled region that takes keyboard focus, so a keyboard user can
 * scroll it sideways on a phone (a scroll box without focus is out of their reach).
 */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  )
}
