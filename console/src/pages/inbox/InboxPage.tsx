/**
 * /inbox — the caller's in-app items, newest first (GET /api/alerts/in-app), all or only the unread,
 * a page at a time. Marking one read (POST …/{item_id}/read) or all of them (POST …/read-all)
 * refreshes the list and the header's badge (both under the ['inbox'] query key).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { dateTime } from '../../ui/format.ts'
import { Page, Section } from '../../ui/Page.tsx'
import { PagerNav } from '../../ui/Pager.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { fetchItems, type Item, type Items, itemsKey, markAllRead, markRead, PAGE_SIZE } from './api.ts'

/** A console address the item points at, as a route below /app; null for any other address. */
function consolePath(url: string | null | undefined): string | null {
  if (!url) return null
  const u = new URL(url, window.location.origin)
  if (u.origin !== window.location.origin || !u.pathname.startsWith('/app/')) return null
  return u.pathname.slice('/app'.length) + u.search + u.hash
}

/** Whether a page follows: by the total when the API counted it, else by a full page. */
const hasOlder = (d: Items, page: number) =>
  d.total !== undefined ? page * PAGE_SIZE < d.total : d.items.length === PAGE_SIZE

function ItemRow({ item, onRead, busy }: { item: Item; onRead: () => void; busy: boolean }) {
  const to = consolePath(item.url)
  return (
    <li className={`inbox-item${item.read ? '' : ' unread'}`} data-item={item.item_id} data-read={item.read}>
      <div className="inbox-item-head">
        <strong>{to ? <Link to={to}>{item.title}</Link> : item.title}</strong>
        <time dateTime={item.created_at} className="muted">
          {dateTime(item.created_at)}
        </time>
      </div>
      {item.body && <p>{item.body}</p>}
      {item.read ? (
        <span className="muted">Read {dateTime(item.read_at)}</span>
      ) : (
        <button type="button" className="secondary" disabled={busy} onClick={onRead}>
          Mark read<span className="visually-hidden">: {item.title}</span>
        </button>
      )}
    </li>
  )
}

export default function InboxPage() {
  const client = useQueryClient()
  const [unread, setUnread] = useState(false)
  const [page, setPage] = useState(1)
  const items = useQuery({
    queryKey: itemsKey(unread, page),
    queryFn: () => fetchItems(unread, page),
    placeholderData: keepPreviousData,
  })
  const refresh = () => client.invalidateQueries({ queryKey: ['inbox'] })
  const read = useMutation({ mutationFn: markRead, onSuccess: refresh })
  const readAll = useMutation({ mutationFn: markAllRead, onSuccess: refresh })
  return (
    <Page
      title="Inbox"
      actions={
        <button type="button" onClick={() => readAll.mutate()} disabled={readAll.isPending}>
          Mark all read
        </button>
      }
    >
      <Section
        title="Notifications"
        actions={
          <label className="check">
            <input
              type="checkbox"
              name="unread"
              checked={unread}
              onChange={(e) => {
                setUnread(e.target.checked)
                setPage(1)
              }}
            />
            Unread only
          </label>
        }
      >
        <ProblemAlert error={read.error ?? readAll.error} />
        <QueryState
          query={items}
          label="Loading your inbox"
          isEmpty={(d) => d.items.length === 0}
          empty={unread ? 'Nothing unread.' : 'Nothing here yet: alerts you set up arrive here.'}
        >
          {(d) => (
            <>
              <ul className="inbox-list">
                {d.items.map((item) => (
                  <ItemRow
                    key={item.item_id}
                    item={item}
                    busy={read.isPending}
                    onRead={() => read.mutate(item.item_id)}
                  />
                ))}
              </ul>
              <PagerNav
                label="Inbox pages"
                previous={{ label: 'Newer', unavailable: page <= 1, onPress: () => setPage(page - 1) }}
                next={{
                  label: 'Older',
                  unavailable: items.isPlaceholderData || !hasOlder(d, page),
                  onPress: () => setPage(page + 1),
                }}
              >
                Page {page}
                {d.total !== undefined ? ` of ${Math.max(1, Math.ceil(d.total / PAGE_SIZE))}` : ''} ·{' '}
                {d.unread} unread
              </PagerNav>
            </>
          )}
        </QueryState>
      </Section>
    </Page>
  )
}
