/**
 * Numbered paging for a list the API pages by page and page_size: earlier, "page n of m", later.
 * At either end the button says it cannot go further (aria-disabled) and ignores presses, but stays
 * focusable: a disabled button would drop keyboard focus to the page on reaching the last page.
 */
export function PageButtons({
  page,
  total,
  pageSize,
  onPage,
  label,
}: {
  page: number
  total: number
  pageSize: number
  onPage: (page: number) => void
  label: string
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize))
  if (pages === 1 && page === 1) return null
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className="secondary"
        aria-disabled={page <= 1 || undefined}
        onClick={() => page > 1 && onPage(page - 1)}
      >
        Previous
      </button>
      <span aria-live="polite">
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className="secondary"
        aria-disabled={page >= pages || undefined}
        onClick={() => page < pages && onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  )
}
