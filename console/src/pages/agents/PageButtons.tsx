/**
 * Numbered paging for a list the API pages by page and page_size: Previous, "page n of m", Next,
 * through the console's shared pager (which keeps keyboard focus at either end). Next waits while
 * the page shown is the previous one kept on screen during a load.
 */
import { PagerNav } from '../../ui/Pager.tsx'

export function PageButtons({
  page,
  total,
  pageSize,
  onPage,
  label,
  loading,
}: {
  page: number
  total: number
  pageSize: number
  onPage: (page: number) => void
  label: string
  loading: boolean
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize))
  if (pages === 1 && page === 1) return null
  return (
    <PagerNav
      label={label}
      previous={{ unavailable: page <= 1, onPress: () => onPage(page - 1) }}
      next={{ unavailable: page >= pages || loading, onPress: () => onPage(page + 1) }}
    >
      Page {page} of {pages}
    </PagerNav>
  )
}
