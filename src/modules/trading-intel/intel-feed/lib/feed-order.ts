/**
 * The intel feed's one order and the positions in it, I/O-free.
 *
 * Order: newest first by `created_at`; items of the same millisecond by id, descending, where the
 * numeric part of `signal:123` compares as a number (`signal:123` before `signal:45`) and other ids
 * (news vendor ids) as strings. It is a total order, so a position (created_at, id) in it says
 * exactly which items come after it: that is what a stream event id encodes.
 */

export const TAGS = ['SIGNAL', 'FLOW', 'ALERT', 'NEWS'] as const
export type Tag = (typeof TAGS)[number]

/** Confidence at or above which a recommendation is an ALERT, else a SIGNAL. */
export const ALERT_CONFIDENCE = 0.8

export interface FeedItem {
  /** Unique across sources: `<prefix>:<source id>` (`signal:123`, `flow:45`, `news:<vendor id>`). */
  id: string
  tag: Tag
  symbol: string | null
  text: string
  confidence: number | null
  source: string
  created_at: Date
}

export interface Position {
  at: Date
  id: string
}

/** A recommendation's tag: ALERT from ALERT_CONFIDENCE up (0.80 exactly is an ALERT), else SIGNAL. */
export function alertOrSignal(confidence: number | null): Tag {
  return confidence !== null && confidence >= ALERT_CONFIDENCE ? 'ALERT' : 'SIGNAL'
}

/** The id as it sorts among ties: a numeric part left-padded so it compares as a number. */
export function tieKey(id: string): string {
  const colon = id.indexOf(':')
  const rest = id.slice(colon + 1)
  return /^\d{1,16}$/.test(rest) ? `${id.slice(0, colon + 1)}${rest.padStart(16, '0')}` : id
}

/** Negative when `a` comes first (is newer) in the feed. */
export function compareFeed(a: Position, b: Position): number {
  const dt = b.at.getTime() - a.at.getTime()
  if (dt !== 0) return dt
  const ka = tieKey(a.id)
  const kb = tieKey(b.id)
  return ka > kb ? -1 : ka < kb ? 1 : 0
}

/** Items newer than `pos` (they come before it in the feed). */
export const isAfter = (item: Position, pos: Position): boolean => compareFeed(item, pos) < 0

/** `2026-11-24T15:30:00.000Z/signal:123`: what a stream event's `id:` line carries. */
export function encodePosition(p: Position): string {
  return `${p.at.toISOString()}/${p.id}`
}

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
// eslint-disable-next-line no-control-regex -- ids with control characters are refused
const ITEM_ID = /^[a-z][a-z-]{0,31}:[^\u0000-\u001f\u007f-\u009f]{1,200}$/

/** The position a `Last-Event-ID` names, or null when it is not one this feed wrote. */
export function parsePosition(value: string | undefined): Position | null {
  if (!value || value.length > 260) return null
  const slash = value.indexOf('/')
  if (slash < 0) return null
  const iso = value.slice(0, slash)
  const id = value.slice(slash + 1)
  if (!ISO_MS.test(iso) || !ITEM_ID.test(id)) return null
  const at = new Date(iso)
  if (Number.isNaN(at.getTime()) || at.toISOString() !== iso) return null
  return { at, id }
}

/** One line of text: runs of whitespace and control characters become one space. */
export function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- the point is to remove them
  return text.replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, ' ').trim()
}

/**
 * The merge: every list's items, filtered, in feed order, the first `limit`. Each list is one
 * source's newest rows; any order consistent with each source's own is fine here since we sort.
 */
export function mergeFeed(
  lists: FeedItem[][],
  f: { since: Date; limit: number; tag?: Tag; symbol?: string },
): FeedItem[] {
  const symbol = f.symbol?.toUpperCase()
  return lists
    .flat()
    .filter(
      (i) =>
        i.created_at.getTime() >= f.since.getTime() &&
        (!f.tag || i.tag === f.tag) &&
        (!symbol || i.symbol?.toUpperCase() === symbol),
    )
    .sort((a, b) => compareFeed({ at: a.created_at, id: a.id }, { at: b.created_at, id: b.id }))
    .slice(0, f.limit)
}
