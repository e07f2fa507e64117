/**
 * The header's link to the inbox with the number of unread items. It stays current without a reload:
 * read every 20 seconds while the tab is visible, again when the window regains focus, and at once
 * when the service worker says a push arrived.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { NavLink } from 'react-router'
import { fetchUnread, UNREAD } from '../api/queries.ts'
import { isPushArrived } from '../sw/messages.ts'

export const UNREAD_POLL_MS = 20_000

export function InboxBadge() {
  const client = useQueryClient()
  const unread = useQuery({
    queryKey: UNREAD,
    queryFn: fetchUnread,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
  })
  useEffect(() => {
    // TanStack Query refetches when the tab becomes visible; a window regaining focus (another window
    // was in front, the tab stayed visible) counts too.
    const onFocus = () => void client.invalidateQueries({ queryKey: UNREAD })
    window.addEventListener('focus', onFocus)
    const onMessage = (e: MessageEvent) => {
      if (isPushArrived(e.data)) void client.invalidateQueries({ queryKey: ['inbox'] })
    }
    const sw = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined
    sw?.addEventListener('message', onMessage)
    return () => {
      window.removeEventListener('focus', onFocus)
      sw?.removeEventListener('message', onMessage)
    }
  }, [client])
  const n = unread.data?.unread ?? 0
  return (
    <NavLink to="/inbox" className="inbox-link" data-unread={n}>
      Inbox
      {n > 0 && (
        <span className="badge unread-badge" aria-hidden="true">
          {n > 99 ? '99+' : n}
        </span>
      )}
      <span className="visually-hidden">{n > 0 ? `, ${n} unread` : ', nothing unread'}</span>
    </NavLink>
  )
}
