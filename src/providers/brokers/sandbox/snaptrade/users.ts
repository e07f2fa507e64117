/**
 * The simulated SnapTrade's memory: registered users (their secrets self-validating, an HMAC of the
 * user id, so a stored secret still works after a restart), each user's brokerage authorizations
 * (one generated account each) and the short-lived portal sessions. Authorizations and sessions live
 * in memory only.
 */
import { createHmac, randomUUID } from 'node:crypto'
import { uuidFromBytes } from '../universe.ts'

export interface Authorization {
  id: string
  slug: string
  accountId: string
  createdAt: number
  disabled: boolean
}

export interface PortalSession {
  token: string
  userId: string
  broker: string | null
  redirect: string | null
  expiresAt: number
}

export interface SnapUsers {
  register(userId: string): { userSecret: string } | null
  delete(userId: string): boolean
  list(): string[]
  /** True when the secret is the user's and chaos has not expired it. */
  check(userId: string, secret: string, isExpired: (generation: number) => boolean): boolean
  authorizations(userId: string): Authorization[]
  authorize(userId: string, slug: string, now: number): Authorization
  remove(userId: string, id: string): boolean
  openSession(s: Omit<PortalSession, 'token'>): PortalSession
  session(token: string): PortalSession | undefined
  endSession(token: string): void
  /** Which user holds an account (for the account routes). */
  ownerOf(accountId: string): { userId: string; auth: Authorization } | undefined
  clear(): void
}

export const PORTAL_TTL_MS = 5 * 60_000

export function createUsers(key: string, generation: () => number): SnapUsers {
  const secretOf = (userId: string) =>
    uuidFromBytes(createHmac('sha256', key).update(`snaptrade-user:${userId}`).digest())
  let users = new Map<string, { generation: number; auths: Authorization[] }>()
  let deleted = new Set<string>()
  let sessions = new Map<string, PortalSession>()
  const entry = (userId: string) => {
    let u = users.get(userId)
    if (!u) users.set(userId, (u = { generation: 0, auths: [] }))
    return u
  }
  return {
    register(userId) {
      if (users.has(userId) && !deleted.has(userId)) return null
      deleted.delete(userId)
      users.set(userId, { generation: generation(), auths: [] })
      return { userSecret: secretOf(userId) }
    },
    delete(userId) {
      if (deleted.has(userId) || !users.has(userId)) return false
      deleted.add(userId)
      users.delete(userId)
      return true
    },
    list: () => [...users.keys()],
    check(userId, secret, isExpired) {
      if (!userId || deleted.has(userId) || secret !== secretOf(userId)) return false
      return !isExpired(entry(userId).generation)
    },
    authorizations: (userId) => entry(userId).auths,
    authorize(userId, slug, now) {
      const auth = { id: randomUUID(), slug, accountId: randomUUID(), createdAt: now, disabled: false }
      entry(userId).auths.push(auth)
      return auth
    },
    remove(userId, id) {
      const u = entry(userId)
      const before = u.auths.length
      u.auths = u.auths.filter((a) => a.id !== id)
      return u.auths.length < before
    },
    openSession(s) {
      const session = { ...s, token: randomUUID() }
      sessions.set(session.token, session)
      return session
    },
    session: (token) => sessions.get(token),
    endSession: (token) => void sessions.delete(token),
    ownerOf(accountId) {
      for (const [userId, u] of users) {
        const auth = u.auths.find((a) => a.accountId === accountId)
        if (auth) return { userId, auth }
      }
      return undefined
    },
    clear() {
      users = new Map()
      deleted = new Set()
      sessions = new Map()
    },
  }
}
