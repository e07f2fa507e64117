/**
 * The console's service worker, served unhashed at /app/sw.js with the scope /app/ (vite.config.ts
 * builds it as its own entry; src/app/console.ts serves it uncached). It imports nothing, so the
 * build emits it as one classic script (types only from ./messages.ts).
 *
 * - `push`: shows the notification the payload describes ({title, body, url, tag, data}, the JSON the
 *   service encrypts for this subscription), and tells every open console tab that a push arrived, so
 *   the header's unread badge reads the count again.
 * - `pushsubscriptionchange`: the browser replaced the subscription (its push service rotated it):
 *   subscribe again with the same server key if it did not, and post the new one with the session's
 *   cookies; without a session it fails quietly and the next console load posts it.
 * - `notificationclick`: focuses a console tab already showing the notification's `url` (navigating
 *   one that shows another page of the console), or opens a new one. Only this origin's addresses are
 *   opened; anything else opens the inbox.
 */
import type { PushArrived } from './messages.ts'

interface PushPayload {
  title?: unknown
  body?: unknown
  url?: unknown
  tag?: unknown
  data?: unknown
}
interface WindowClientLike {
  url: string
  focused: boolean
  focus(): Promise<WindowClientLike>
  navigate(url: string): Promise<WindowClientLike | null>
  postMessage(message: unknown): void
}
interface ExtendableEventLike {
  waitUntil(work: Promise<unknown>): void
}
interface PushEventLike extends ExtendableEventLike {
  data: { json(): unknown; text(): string } | null
}
interface SubscriptionChangeEventLike extends ExtendableEventLike {
  oldSubscription: PushSubscription | null
  newSubscription: PushSubscription | null
}
interface NotificationEventLike extends ExtendableEventLike {
  notification: Notification
}
interface WorkerScope {
  location: Location
  registration: ServiceWorkerRegistration
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClientLike[]>
    openWindow(url: string): Promise<WindowClientLike | null>
    claim(): Promise<void>
  }
  skipWaiting(): Promise<void>
  addEventListener(type: 'install' | 'activate', listener: (e: ExtendableEventLike) => void): void
  addEventListener(type: 'push', listener: (e: PushEventLike) => void): void
  addEventListener(type: 'notificationclick', listener: (e: NotificationEventLike) => void): void
  addEventListener(type: 'pushsubscriptionchange', listener: (e: SubscriptionChangeEventLike) => void): void
}

const sw = globalThis as unknown as WorkerScope
const INBOX = '/app/inbox'

const text = (v: unknown, fallback: string, max: number): string =>
  typeof v === 'string' && v.trim() !== '' ? v.slice(0, max) : fallback

/** A console address on this origin for `url`, or the inbox when it is missing or points elsewhere. */
function consoleUrl(url: unknown, origin: string): string {
  if (typeof url !== 'string' || url === '') return new URL(INBOX, origin).href
  try {
    const u = new URL(url, origin)
    return u.origin === origin ? u.href : new URL(INBOX, origin).href
  } catch {
    return new URL(INBOX, origin).href
  }
}

function payloadOf(e: PushEventLike): PushPayload {
  if (!e.data) return {}
  try {
    const v = e.data.json()
    return v && typeof v === 'object' ? v : {}
  } catch {
    // A push that is not JSON still says something: show its text as the body.
    return { body: e.data.text() }
  }
}

async function showPush(p: PushPayload): Promise<void> {
  const tag = typeof p.tag === 'string' && p.tag !== '' ? p.tag : undefined
  const data = p.data && typeof p.data === 'object' ? p.data : {}
  const url = consoleUrl(p.url, sw.location.origin)
  await sw.registration.showNotification(text(p.title, 'Sextant', 200), {
    body: text(p.body, '', 1000),
    ...(tag ? { tag } : {}),
    data: { url, data },
  })
  // The literal, not an import: a value shared with the app would become a chunk the worker imports.
  const arrived: PushArrived = { type: 'sextant.push-arrived', tag: tag ?? null, url }
  const tabs = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true })
  for (const tab of tabs) tab.postMessage(arrived)
}

async function openFor(url: string): Promise<void> {
  const tabs = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const same = tabs.find((t) => t.url === url)
  if (same) {
    await same.focus()
    return
  }
  const other = tabs.find((t) => new URL(t.url).pathname.startsWith('/app/'))
  if (other) {
    const moved = await other.navigate(url)
    await (moved ?? other).focus()
    return
  }
  await sw.clients.openWindow(url)
}

async function resubscribe(e: SubscriptionChangeEventLike): Promise<void> {
  const key = e.oldSubscription?.options.applicationServerKey
  const sub =
    e.newSubscription ??
    (key
      ? await sw.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
      : null)
  if (!sub) return
  await fetch('/api/push/subscriptions', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(sub.toJSON()),
  }).catch(() => undefined)
}

sw.addEventListener('install', (e) => e.waitUntil(sw.skipWaiting()))
sw.addEventListener('activate', (e) => e.waitUntil(sw.clients.claim()))
sw.addEventListener('push', (e) => e.waitUntil(showPush(payloadOf(e))))
sw.addEventListener('pushsubscriptionchange', (e) => e.waitUntil(resubscribe(e)))
sw.addEventListener('notificationclick', (e) => {
  e.notification.close()
  const data = e.notification.data as { url?: unknown } | null
  e.waitUntil(openFor(consoleUrl(data?.url, sw.location.origin)))
})
