/**
 * The console's one way to the API: openapi-fetch typed by schema.d.ts (generated from the service's
 * OpenAPI document), same-origin with the httpOnly session cookies. A 401 refreshes the session once
 * (the svc_refresh cookie) and replays the request; when that fails too, the app shows the login page.
 */
import createClient, { type Middleware } from 'openapi-fetch'
import type { paths } from './schema'
import { ApiError, type Problem } from './problem.ts'

export type { paths }

let onSignedOut: () => void = () => {}
/** Called once by the session provider: what to do when the session cannot be renewed. */
export function whenSignedOut(handler: () => void): void {
  onSignedOut = handler
}

let refreshing: Promise<boolean> | undefined
/** One refresh at a time: concurrent 401s wait for the same rotation (a second would be a reuse). */
export function refreshSession(): Promise<boolean> {
  refreshing ??= fetch('/api/auth/refresh', { method: 'POST', credentials: 'same-origin' })
    .then(async (res) => {
      if (!res.ok) return false
      const body = (await res.json()) as { expires_in: number }
      rememberExpiry(body.expires_in)
      return true
    })
    .catch(() => false)
    .finally(() => (refreshing = undefined))
  return refreshing
}

const EXPIRY_KEY = 'sextant.session_expires_at'
/** When the access cookie expires (ms since the epoch), so a reload can still refresh ahead of it. */
export function rememberExpiry(expiresInSeconds: number): void {
  sessionStorage.setItem(EXPIRY_KEY, String(Date.now() + expiresInSeconds * 1000))
}
export function sessionExpiry(): number | undefined {
  const at = Number(sessionStorage.getItem(EXPIRY_KEY))
  return Number.isFinite(at) && at > 0 ? at : undefined
}
export function forgetExpiry(): void {
  sessionStorage.removeItem(EXPIRY_KEY)
}

const AUTH_PATHS = /^\/api\/auth\/(token|refresh|logout|mfa\/challenge)$/

// A copy of each request as sent, kept until its answer: a request's body can be read only once.
const sent = new Map<string, Request>()

const renewOn401: Middleware = {
  onRequest({ id, request }) {
    sent.set(id, request.clone())
    return undefined
  },
  async onResponse({ id, request, response }) {
    const copy = sent.get(id)
    sent.delete(id)
    if (response.status !== 401 || AUTH_PATHS.test(new URL(request.url).pathname)) return undefined
    if (copy && (await refreshSession())) return fetch(copy)
    onSignedOut()
    return undefined
  },
  onError({ id }) {
    sent.delete(id)
  },
}

export const api = createClient<paths>({ baseUrl: window.location.origin, credentials: 'same-origin' })
api.use(renewOn401)

/**
 * The data of an openapi-fetch answer, or an ApiError carrying the problem the API answered: the
 * one way pages turn a call into data, so TanStack Query sees failures as errors.
 */
export async function data<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data: body, error, response } = await call
  if (response.ok) return body as T
  throw new ApiError(response.status, error as Problem | undefined)
}
