/**
 * Browser notifications through the console's service worker (/app/sw.js, scope /app/):
 * permission → registration → a push subscription made with the service's VAPID key → the
 * subscription's JSON sent to POST /api/push/subscriptions. Turning them off unsubscribes in the
 * browser and deletes the server's copy (DELETE /api/push/subscriptions/{id}).
 */
import { api, data } from '../api/client.ts'

export const SW_URL = '/app/sw.js'
export const SW_SCOPE = '/app/'

export type PushState = 'unsupported' | 'denied' | 'off' | 'on'

export const pushSupported = (): boolean =>
  'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window

/** The VAPID key (base64url) as the bytes `applicationServerKey` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4))
  const out = new Uint8Array(new ArrayBuffer(raw.length))
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i)
  return out
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array): boolean => {
  if (!a || a.byteLength !== b.length) return false
  const x = new Uint8Array(a)
  return x.every((v, i) => v === b[i])
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await navigator.serviceWorker.getRegistration(SW_SCOPE)
  return (await reg?.pushManager.getSubscription()) ?? null
}

/** Whether this browser receives the service's pushes now, and the endpoint it receives them at. */
export async function pushState(): Promise<{ state: PushState; endpoint: string | null }> {
  if (!pushSupported()) return { state: 'unsupported', endpoint: null }
  if (Notification.permission === 'denied') return { state: 'denied', endpoint: null }
  const sub = Notification.permission === 'granted' ? await currentSubscription() : null
  return { state: sub ? 'on' : 'off', endpoint: sub?.endpoint ?? null }
}

/** Registers the service worker (the badge listens to it even before notifications are enabled). */
export const registerWorker = () =>
  navigator.serviceWorker.register(SW_URL, { scope: SW_SCOPE, updateViaCache: 'none' })

export async function enablePush() {
  if (!pushSupported()) throw new Error('This browser cannot receive web push notifications.')
  const permission = await Notification.requestPermission()
  if (permission !== 'granted')
    throw new Error(
      permission === 'denied'
        ? 'Notifications are blocked for this site: allow them in the browser’s site settings, then try again.'
        : 'Notifications were not allowed.',
    )
  const { public_key } = await data(api.GET('/api/push/vapid-public-key'))
  await registerWorker()
  const reg = await navigator.serviceWorker.ready
  const key = keyBytes(public_key)
  let sub = await reg.pushManager.getSubscription()
  // A subscription made with another server key (the service's keys changed) cannot be delivered to.
  if (sub && !sameKey(sub.options.applicationServerKey, key)) {
    await sub.unsubscribe()
    sub = null
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
  return data(api.POST('/api/push/subscriptions', { body: sub.toJSON() as never }))
}

/**
 * Tells the service this browser still receives its pushes (the upsert moves `last_seen_at`): a
 * subscription nobody re-posts for 60 days is pruned. Run once per console load; silent when push is
 * off or unsupported, and a failure only waits for the next load.
 */
export async function refreshPush(): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return
  const sub = await currentSubscription()
  if (sub) await api.POST('/api/push/subscriptions', { body: sub.toJSON() as never })
}

export async function disablePush(): Promise<void> {
  const sub = await currentSubscription()
  if (!sub) return
  const mine = await data(api.GET('/api/push/subscriptions'))
  const match = mine.items.find((s) => s.endpoint === sub.endpoint)
  await sub.unsubscribe()
  if (match)
    await data(
      api.DELETE('/api/push/subscriptions/{subscription_id}', {
        params: { path: { subscription_id: match.subscription_id } },
      }),
    )
}
