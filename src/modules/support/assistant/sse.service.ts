/**
 * Server-sent events on the wire: `field: value` lines, a blank line ends an event, `:` lines are
 * comments (heartbeats). Data is one line of JSON, so one `data:` line per event.
 */

/** The stream's headers: the event-stream type, no caching or transforming, no proxy buffering. */
export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
  connection: 'keep-alive',
} as const

/** One event; `id` and `event` hold no line break (ours are `<number>.<number>` and fixed names). */
export const sseEvent = (e: { id: string; event: string; data: unknown }): string =>
  `id: ${e.id}\nevent: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`

/** A comment line: ignored by clients, keeps proxies from closing an idle connection. */
export const sseComment = (text: string): string => `: ${text.replace(/[\r\n]+/g, ' ')}\n\n`
