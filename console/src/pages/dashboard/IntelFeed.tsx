/**
 * The latest intel-feed items (GET /api/trading-intel/intel-feed), kept live by its server-sent event
 * stream (GET /api/trading-intel/intel-feed/stream, `item` events): newest first, at most MAX_ITEMS.
 * The browser's EventSource reconnects by itself and resumes after the last event id it saw; on a
 * `gap` event (more items arrived than one poll sends) the list is read again. Closed on unmount.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { QueryState } from '../../ui/QueryState.tsx'
import { dateTime, pct } from '../../ui/format.ts'
import { fetchIntelFeed, type FeedItem } from './queries.ts'
import { WidgetCard } from './WidgetCard.tsx'
import type { WidgetRow } from './widgets.ts'

export const MAX_ITEMS = 10
const FEED_KEY = ['dashboard', 'intel-feed'] as const

type Status = 'connecting' | 'live' | 'reconnecting' | 'closed'

/** Items from the stream so far, newest first, and whether the stream is open. */
function useFeedStream(): { items: FeedItem[]; status: Status } {
  const client = useQueryClient()
  const [items, setItems] = useState<FeedItem[]>([])
  const [status, setStatus] = useState<Status>('connecting')
  useEffect(() => {
    const source = new EventSource('/api/trading-intel/intel-feed/stream')
    source.onopen = () => setStatus('live')
    source.onerror = () => setStatus(source.readyState === EventSource.CLOSED ? 'closed' : 'reconnecting')
    source.addEventListener('item', (e: MessageEvent<string>) => {
      const item = JSON.parse(e.data) as FeedItem
      setItems((prev) => [item, ...prev.filter((p) => p.id !== item.id)].slice(0, MAX_ITEMS))
    })
    source.addEventListener('gap', () => void client.invalidateQueries({ queryKey: FEED_KEY }))
    return () => source.close()
  }, [client])
  return { items, status }
}

/** The stream's items and the list's, each id once, newest first (ties: the stream's first). */
export function mergeFeed(streamed: FeedItem[], listed: FeedItem[]): FeedItem[] {
  const seen = new Set<string>()
  return [...streamed, ...listed]
    .filter((i) => !seen.has(i.id) && seen.add(i.id))
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))
    .slice(0, MAX_ITEMS)
}

const STATUS_TEXT: Record<Status, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  closed: 'Not live: reload the page to retry',
}

export function IntelFeed({ row }: { row: WidgetRow }) {
  const query = useQuery({ queryKey: FEED_KEY, queryFn: fetchIntelFeed })
  const stream = useFeedStream()
  return (
    <WidgetCard
      row={row}
      actions={
        <span className="muted" role="status" data-stream={stream.status}>
          {STATUS_TEXT[stream.status]}
        </span>
      }
    >
      <QueryState
        query={query}
        isEmpty={(f) => mergeFeed(stream.items, f.items).length === 0}
        empty="No signals, flow, alerts or news in the last sessions."
      >
        {(f) => (
          <ol className="dash-feed" aria-label="Latest intel-feed items">
            {mergeFeed(stream.items, f.items).map((i) => (
              <li key={i.id} data-id={i.id}>
                <span className="dash-feed-meta">
                  <time dateTime={i.created_at}>{dateTime(i.created_at)}</time>
                  <span className={`dash-tag dash-tag-${i.tag.toLowerCase()}`}>{i.tag}</span>
                  {i.symbol && <strong>{i.symbol}</strong>}
                  {i.confidence !== null && <span className="muted">{pct(i.confidence, 0)} confidence</span>}
                </span>
                <span>{i.text}</span>
              </li>
            ))}
          </ol>
        )}
      </QueryState>
      {query.data && query.data.degraded.length > 0 && (
        <p className="notice">Not answering now: {query.data.degraded.join(', ')}.</p>
      )}
    </WidgetCard>
  )
}
