/**
 * The signed-in user, for every page: GET /api/auth/me through TanStack Query. The access cookie is
 * renewed a minute before it expires (POST /api/auth/refresh reads the httpOnly refresh cookie), so an
 * open console never meets a 401; when renewal fails the user is sent to the login page.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { createContext, useContext, useEffect, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { api, data, forgetExpiry, refreshSession, sessionExpiry, whenSignedOut } from '../api/client.ts'
import { ApiError } from '../api/problem.ts'

const fetchMe = () => data(api.GET('/api/auth/me'))
export type User = Awaited<ReturnType<typeof fetchMe>>

export const ME = ['auth', 'me'] as const

const SessionContext = createContext<User | undefined>(undefined)

/** The signed-in user; only inside <RequireSession>. */
export function useUser(): User {
  const user = useContext(SessionContext)
  if (!user) throw new Error('useUser outside <RequireSession>')
  return user
}

const RENEW_AHEAD_MS = 60_000

function useRenewal(active: boolean): void {
  useEffect(() => {
    if (!active) return undefined
    let timer: number | undefined
    const schedule = () => {
      const at = sessionExpiry()
      if (at === undefined) return
      timer = window.setTimeout(
        () => void refreshSession().then((ok) => ok && schedule()),
        Math.max(at - Date.now() - RENEW_AHEAD_MS, 0),
      )
    }
    schedule()
    return () => window.clearTimeout(timer)
  }, [active])
}

/** To the login page, remembering where the user was (once: the login page itself is not a `next`). */
function toLogin(navigate: ReturnType<typeof useNavigate>): void {
  const here = window.location.pathname.replace(/^\/app/, '') || '/'
  if (here === '/login') return
  void navigate(`/login?next=${encodeURIComponent(here + window.location.search)}`, { replace: true })
}

/** Renders its children for a signed-in user; otherwise sends the browser to /login and back after. */
export function RequireSession({ children }: { children: ReactNode }) {
  const navigate = useNavigate()
  const client = useQueryClient()
  const me = useQuery({ queryKey: ME, queryFn: fetchMe, retry: false, staleTime: 60_000 })
  const signedOut = me.error instanceof ApiError && me.error.status === 401
  useRenewal(me.isSuccess)
  useEffect(() => {
    whenSignedOut(() => {
      forgetExpiry()
      client.clear()
      toLogin(navigate)
    })
  }, [client, navigate])
  useEffect(() => {
    if (signedOut) toLogin(navigate)
  }, [signedOut, navigate])
  if (me.isPending || signedOut)
    return (
      <p className="loading" role="status">
        Loading…
      </p>
    )
  if (me.isError)
    return (
      <p role="alert" className="problem">
        {me.error.message}
      </p>
    )
  return <SessionContext.Provider value={me.data}>{children}</SessionContext.Provider>
}

/** Ends the session on the server (revokes both tokens, clears the cookies) and forgets its data here. */
export async function logout(client: ReturnType<typeof useQueryClient>): Promise<void> {
  await fetch('/api/auth/logout', { method: 'POST', credentials: 'same-origin' })
  forgetExpiry()
  client.clear()
}
