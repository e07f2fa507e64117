/**
 * Notification settings in Chromium. Browser push end to end: notification permission granted, the
 * page's "Enable browser notifications" registers the service worker (/app/sw.js, served uncached
 * with its scope) and posts the subscription; a test push goes through the real sender to a loopback
 * push service that decrypts it with the subscription's keys; the same payload delivered to the
 * service worker (DevTools' push delivery) shows a notification and makes the inbox badge read its
 * count again; disabling unsubscribes and deletes the server's copy. Headless Chromium has no push
 * service, so PushManager's subscribe/getSubscription are replaced by an init script answering a
 * subscription of the loopback push service. Also: suppressions and mobile devices listed and
 * removed as the API records. Every state passes axe-core and fits a 390 px wide screen.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Page } from 'puppeteer-core'
import webpush from 'web-push'
import { createWebPushSender } from '../../../src/providers/push/index.ts'
import {
  type ConsoleHarness,
  consoleSkipReason,
  type ConsoleUser,
  startConsole,
} from '../../helpers/console.ts'
import {
  type FakeSubscription,
  type PushServiceFake,
  startPushServiceFake,
} from '../../fakes/push-service-fake.ts'
import { badgeIs, checkPage, json } from './engagement-helpers.ts'

const VAPID = webpush.generateVAPIDKeys()

/** Replaces PushManager's subscribe/getSubscription with ones answering `sub` (kept in localStorage). */
function fakePushManager(sub: FakeSubscription): void {
  const KEY = 'test.fake-push-subscription'
  interface Saved {
    endpoint: string
    keys: { p256dh: string; auth: string }
    key: string
  }
  const g = globalThis as unknown as {
    PushManager: { prototype: Record<string, unknown> }
    localStorage: {
      getItem(k: string): string | null
      setItem(k: string, v: string): void
      removeItem(k: string): void
    }
  }
  const buffer = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)).buffer
  const make = (saved: Saved) => ({
    endpoint: saved.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: buffer(saved.key) },
    toJSON: () => ({ endpoint: saved.endpoint, expirationTime: null, keys: saved.keys }),
    getKey: () => null,
    unsubscribe: () => {
      g.localStorage.removeItem(KEY)
      return Promise.resolve(true)
    },
  })
  g.PushManager.prototype['subscribe'] = (opts: { applicationServerKey: ArrayBuffer | Uint8Array }) => {
    const key = btoa(String.fromCharCode(...new Uint8Array(opts.applicationServerKey)))
    const saved: Saved = { endpoint: sub.endpoint, keys: sub.keys, key }
    g.localStorage.setItem(KEY, JSON.stringify(saved))
    return Promise.resolve(make(saved))
  }
  g.PushManager.prototype['getSubscription'] = () => {
    const raw = g.localStorage.getItem(KEY)
    return Promise.resolve(raw ? make(JSON.parse(raw) as Saved) : null)
  }
}

/** The id DevTools knows the console's service worker registration by. */
async function registrationId(
  page: Page,
  scope: string,
): Promise<{ id: string; send: (data: string) => Promise<void> }> {
  const cdp = await page.createCDPSession()
  const found = new Promise<string>((resolve) => {
    cdp.on(
      'ServiceWorker.workerRegistrationUpdated',
      (e: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
        const r = e.registrations.find((x) => x.scopeURL === scope && !x.isDeleted)
        if (r) resolve(r.registrationId)
      },
    )
  })
  await cdp.send('ServiceWorker.enable')
  const id = await found
  const origin = new URL(scope).origin
  return {
    id,
    send: async (data) =>
      void (await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data })),
  }
}

async function notificationsPage(
  h: ConsoleHarness,
  user: ConsoleUser,
  init?: (page: Page) => Promise<void>,
): Promise<Page> {
  const page = await h.login(user, '/settings')
  await init?.(page)
  await page.goto(`${h.base}/app/settings/notifications`, { waitUntil: 'load' })
  await page.waitForSelector('[data-push-state]')
  return page
}

describe('console: notification settings', { skip: consoleSkipReason() }, () => {
  let h: ConsoleHarness
  let push: PushServiceFake
  before(async () => {
    push = await startPushServiceFake()
    const webPush = createWebPushSender({
      keys: VAPID,
      subject: 'mailto:ops@example.test',
      agent: push.agent,
    })
    h = await startConsole({ providers: { webPush } })
  })
  after(async () => {
    await h?.close()
    await push?.close()
  })

  it('serves the service worker at /app/sw.js: its scope allowed, never cached', async () => {
    const res = await fetch(`${h.base}/app/sw.js`)
    assert.equal(res.status, 200)
    assert.match(res.headers.get('content-type') ?? '', /javascript/)
    assert.equal(res.headers.get('cache-control'), 'no-cache')
    assert.equal(res.headers.get('service-worker-allowed'), '/app/')
    assert.match(
      await res.text(),
      /addEventListener\(`push`|addEventListener\("push"|addEventListener\('push'/,
    )
  })

  it('enables browser push: the test push is decrypted by the push service, shown by the worker, and the badge refetches', async () => {
    const user = await h.newUser()
    const key = json<{ public_key: string }>(await user.api.get('/api/push/vapid-public-key')).public_key
    assert.equal(key, VAPID.publicKey)
    const sub = push.subscribe(key)
    await h.browser.defaultBrowserContext().overridePermissions(h.base, ['notifications'])
    const page = await notificationsPage(h, user, (p) =>
      p.evaluateOnNewDocument(fakePushManager, sub).then(() => undefined),
    )
    await page.waitForSelector('[data-push-state="off"]')
    await checkPage(h, page)
    await page.locator('button::-p-text(Enable browser notifications)').click()
    await page.waitForSelector('[data-push-state="on"]')
    const mine = json<{ items: { subscription_id: number; endpoint: string }[] }>(
      await user.api.get('/api/push/subscriptions'),
    )
    assert.deepEqual(
      mine.items.map((s) => s.endpoint),
      [sub.endpoint],
    )

    await page.locator('button::-p-text(Send a test push)').click()
    const result = `li[data-result="web_push.${mine.items[0]!.subscription_id}"]`
    await page.waitForSelector(result)
    assert.equal(await page.$eval(result, (e) => e.getAttribute('data-outcome')), 'sent')
    assert.equal(push.messages.length, 1)
    const payload = JSON.parse(push.messages[0]!.payload) as { title: string; body: string; url?: string }
    assert.ok(payload.title.length > 0, push.messages[0]!.payload)
    await checkPage(h, page)

    // The decrypted payload, delivered to the service worker as the browser's push service would.
    await user.api.post(
      '/api/notifications',
      { title: 'While away', body: 'b', channels: ['in_app'] },
      { 'idempotency-key': `ns-${process.pid}` },
    )
    await page.evaluate(() => {
      const g = globalThis as unknown as { pushes: unknown[]; navigator: { serviceWorker: EventTarget } }
      g.pushes = []
      g.navigator.serviceWorker.addEventListener('message', (e) => g.pushes.push((e as MessageEvent).data))
    })
    const worker = await registrationId(page, `${h.base}/app/`)
    await worker.send(push.messages[0]!.payload)
    await page.waitForFunction('globalThis.pushes.length === 1')
    await badgeIs(page, 1)
    const shown = (await page.evaluate(
      `navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((ns) => ns.map((n) => n.title))`,
    )) as string[]
    assert.deepEqual(shown, [payload.title])

    // Each console load re-posts the subscription, so a browser in use is never pruned as idle.
    const seenAt = async () =>
      json<{ items: { last_seen_at: string }[] }>(await user.api.get('/api/push/subscriptions')).items[0]!
        .last_seen_at
    const before = await seenAt()
    await page.reload()
    await page.waitForSelector('[data-push-state="on"]')
    for (let i = 0; i < 50 && (await seenAt()) === before; i++) await new Promise((r) => setTimeout(r, 100))
    assert.ok((await seenAt()) > before, 'the reload re-posted the subscription')

    await page.locator('button::-p-text(Disable browser notifications)').click()
    await page.waitForSelector('[data-push-state="off"]')
    assert.deepEqual(json<{ items: unknown[] }>(await user.api.get('/api/push/subscriptions')).items, [])
    await page.close()
  })

  it('lists suppressions and mobile devices as the API has them, and removes them', async () => {
    const user = await h.newUser()
    const device = await user.api.post('/api/me/push-tokens', {
      device_token: 'ab'.repeat(32),
      platform: 'ios',
    })
    assert.equal(device.statusCode, 201, device.body)
    const suppressed = await user.api.post('/api/notifications/suppressions', {
      channel: 'email',
      list: 'alerts',
    })
    assert.equal(suppressed.statusCode, 201, suppressed.body)
    const s = json<{ suppression_id: number }>(suppressed)
    const page = await notificationsPage(h, user)
    const row = `tr[data-suppression="${s.suppression_id}"]`
    await page.waitForSelector(row)
    const cells = await page.$$eval(`${row} td`, (tds) => tds.map((td) => td.textContent))
    assert.deepEqual(cells.slice(0, 4), ['E-mail', user.email, 'blocked', 'alerts'])
    const t = json<{ token_id: number }>(device)
    await page.waitForSelector(`tr[data-device="${t.token_id}"]`)
    await checkPage(h, page)

    await page.click(`${row} button`)
    await page.waitForSelector('::-p-text(No suppression)')
    assert.deepEqual(
      json<{ items: unknown[] }>(await user.api.get('/api/notifications/suppressions')).items,
      [],
    )
    await page.click(`tr[data-device="${t.token_id}"] button`)
    await page.waitForSelector('::-p-text(No mobile device)')
    assert.deepEqual(json<{ items: unknown[] }>(await user.api.get('/api/me/push-tokens')).items, [])
    await checkPage(h, page)
    await page.close()
  })
})
