/**
 * The open event streams of GET /intel-feed/stream. Each one remembers its position in the feed's
 * order (the last item sent) and polls the merge every `pollMs` for items after it, sending them
 * oldest first, each with its position as the event id. Polling (rather than notifications) works
 * on PGlite and PostgreSQL alike and across processes, whoever writes the items.
 *
 * A reconnect's Last-Event-ID is a position: the stream resumes right after it, so nothing is missed
 * or sent twice, from as far back as the list's widest window reaches (`oldestWindowStart`: a position
 * the list can still show is one a stream resumes after). Without one, an older one or one this feed
 * did not write, it starts at the newest item now. An item that appears with a time older than what was already
 * sent (news published earlier but read later) is not streamed; GET /intel-feed lists it.
 */
import type { FastifyReply } from 'fastify'
import type { Logger } from 'pino'
import type { Clock } from '../../../platform/clock.ts'
import { TooManyRequestsError } from '../../../platform/http/errors.ts'
import { oldestWindowStart, type FeedFilter, type IntelFeedService } from './intel-feed.service.ts'
import { encodePosition, parsePosition, type FeedItem, type Position } from './lib/feed-order.ts'
import { SSE_HEADERS, sseComment, sseEvent, sseRetry } from '../../../platform/http/sse.ts'

/** Items one poll sends at most; more written between two polls → a `gap` event first. */
export const STREAM_BATCH = 100
/** The reconnection delay sent to clients (`retry:`), ms. */
export const RETRY_MS = 3000
/** Open streams one tenant may hold in one process (each polls): more → 429. */
export const MAX_STREAMS_PER_TENANT = 10

interface Stream {
  tenantId: number
  pos: Position
  closed: boolean
  poll?: NodeJS.Timeout
  heartbeat?: NodeJS.Timeout
  end(): void
}

export const wireItem = (i: FeedItem) => ({ ...i, created_at: i.created_at.toISOString() })

export class FeedStreams {
  readonly #open = new Set<Stream>()

  constructor(
    private readonly deps: {
      feed: IntelFeedService
      clock: Clock
      log: Logger
      pollMs: number
      heartbeatMs: number
    },
  ) {}

  get size(): number {
    return this.#open.size
  }

  /** Answers the request with a stream (the reply is hijacked; Fastify sends nothing more). */
  async open(reply: FastifyReply, tenantId: number, filter: FeedFilter, lastEventId?: string): Promise<void> {
    if ([...this.#open].filter((s) => s.tenantId === tenantId).length >= MAX_STREAMS_PER_TENANT)
      throw new TooManyRequestsError('intel_feed.too_many_streams', 'Too many open intel feed streams', 5)
    const floor = oldestWindowStart(this.deps.clock.now())
    const resumed = parsePosition(lastEventId)
    const start =
      resumed && resumed.at.getTime() >= floor.getTime()
        ? resumed
        : await this.deps.feed.head(tenantId, filter, floor)
    reply.hijack()
    const res = reply.raw
    res.writeHead(200, { ...(reply.getHeaders() as Record<string, string>), ...SSE_HEADERS })
    res.write(sseRetry(RETRY_MS))
    if (lastEventId && start !== resumed) res.write(sseComment('unknown Last-Event-ID: starting from now'))
    const stream: Stream = {
      tenantId,
      pos: start,
      closed: false,
      end: () => {
        if (stream.closed) return
        stream.closed = true
        clearTimeout(stream.poll)
        clearInterval(stream.heartbeat)
        this.#open.delete(stream)
        if (!res.writableEnded) res.end()
      },
    }
    this.#open.add(stream)
    res.on('close', () => stream.end())
    res.on('error', () => stream.end())
    stream.heartbeat = setInterval(() => res.write(sseComment('heartbeat')), this.deps.heartbeatMs)
    const tick = async () => {
      await this.#send(stream, (chunk) => res.write(chunk), tenantId, filter)
      if (!stream.closed) stream.poll = setTimeout(() => void tick(), this.deps.pollMs)
    }
    await tick()
  }

  /** Ends every open stream (server shutdown): clients see a clean end and reconnect elsewhere. */
  closeAll(): void {
    for (const s of [...this.#open]) s.end()
  }

  async #send(stream: Stream, write: (chunk: string) => void, tenantId: number, filter: FeedFilter) {
    try {
      const next = await this.deps.feed.after(tenantId, stream.pos, filter, STREAM_BATCH)
      if (stream.closed) return
      if (next.gap)
        write(
          sseEvent({
            event: 'gap',
            data: { detail: 'More items were written than one poll sends; reload the feed' },
          }),
        )
      for (const item of next.items) {
        stream.pos = { at: item.created_at, id: item.id }
        write(sseEvent({ id: encodePosition(stream.pos), event: 'item', data: wireItem(item) }))
      }
    } catch (err) {
      // A failed poll is retried at the next one; the position has not moved.
      this.deps.log.warn({ err }, 'intel feed stream poll failed')
    }
  }
}
