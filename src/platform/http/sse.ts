/**
 * Server-sent events on the wire (WHATWG HTML §9.2): `field: value` lines, a blank line ends an
 * event, `:` lines are comments (heartbeats). Data is one line of JSON, so one `data:` line.
 */

/** The headers of a stream: the event-stream type, and no caching or proxy buffering. */
export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
  connection: 'keep-alive',
} as const

/** One event. `id` and `event` must hold no line break (callers use fixed names and numeric ids). */
export function sseEvent(e: { id?: string; event?: string; data: unknown }): string {
  const json = JSON.stringify(e.data)
  return `${e.id === undefined ? '' : `id: ${e.id}\n`}${e.event ? `event: ${e.event}\n` : ''}data: ${json}\n\n`
}

/** A comment line: ignored by clients, keeps proxies from closing an idle connection. */
export const sseComment = (text: string): string => `: ${text.replace(/[\r\n]+/g, ' ')}\n\n`

/** How long a client waits before reconnecting (ms). */
export const sseRetry = (ms: number): string => `retry: ${Math.max(0, Math.round(ms))}\n\n`
