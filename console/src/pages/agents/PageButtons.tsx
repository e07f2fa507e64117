/** Numbered paging for a list the API pages by page and page_size: earlier, "page n of m", later. */
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
      <button type="button" className="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page} of {pages}
      </span>
      <button type="button" className="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  )
}
