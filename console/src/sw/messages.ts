/** What the service worker posts to the console's tabs when a push arrived. */
export const PUSH_MESSAGE = 'sextant.push-arrived'

export interface PushArrived {
  type: typeof PUSH_MESSAGE
  tag: string | null
  url: string
}

export const isPushArrived = (m: unknown): m is PushArrived =>
  typeof m === 'object' && m !== null && (m as { type?: unknown }).type === PUSH_MESSAGE
