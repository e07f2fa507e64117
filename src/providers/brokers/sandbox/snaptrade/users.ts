/**
 * The simulated SnapTrade's memory: registered users (their secrets self-validating, an HMAC of the
 * user id), each user's brokerage authorizations (one generated account each) and the short-lived
 * portal sessions. Users and authorizations are what a restart must keep (a vendor does not forget
 * its connections): `saved()` gives them as plain JSON and `restore()` takes them back; `dirty` says
 * they changed since the last `saved()`. Portal sessions (5 minutes) live in memory only.
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
  /** What the brokerage does on the vendor's side: the authorization disabled (true if found). */
  disable(id: string): boolean
  /** An authorization deleted on the vendor's side (by the user in SnapTrade's own app). */
  drop(id: string): boolean
  /** Users and authorizations changed since the last `saved()`. */
  readonly dirty: boolean
  saved(): SavedUsers
  restore(state: SavedUsers): void
  clear(): void
}

/** Users and their authorizations as JSON, for the sandbox's store. */
export interface SavedUsers {
  users: { userId: string; auths: Authorization[] }[]
  deleted: string[]
}

export const PORTAL_TTL_MS = 5 * 60_000

interface State {
  users: Map<string, { generation: number; auths: Authorization[] }>
  deleted: Set<string>
  sessions: Map<string, PortalSession>
  dirty: boolean
}

const emptyState = (): State => ({ users: new Map(), deleted: new Set(), sessions: new Map(), dirty: false })

function changed<T>(st: State, v: T): T {
  st.dirty = true
  return v
}

function entry(st: State, userId: string) {
  let u = st.users.get(userId)
  if (!u) st.users.set(userId, (u = { generation: 0, auths: [] }))
  return u
}

function disableIn(st: State, id: string): boolean {
  const auth = [...st.users.values()].flatMap((u) => u.auths).find((a) => a.id === id)
  if (auth) auth.disabled = changed(st, true)
  return auth !== undefined
}

function removeIn(st: State, id: string, userId?: string): boolean {
  for (const [owner, u] of st.users) {
    if (userId !== undefined && owner !== userId) continue
    const before = u.auths.length
    u.auths = u.auths.filter((a) => a.id !== id)
    if (u.auths.length < before) return changed(st, true)
  }
  return false
}

function savedOf(st: State): SavedUsers {
  st.dirty = false
  return {
    users: [...st.users].map(([userId, u]) => ({ userId, auths: u.auths.map((a) => ({ ...a })) })),
    deleted: [...st.deleted],
  }
}

function restoreInto(st: State, saved: SavedUsers): void {
  // Expiry generations belong to this process's chaos controls: restored users start at 0.
  st.users = new Map(
    saved.users.map((u) => [u.userId, { generation: 0, auths: u.auths.map((a) => ({ ...a })) }]),
  )
  st.deleted = new Set(saved.deleted)
  st.dirty = false
}

export function createUsers(key: string, generation: () => number): SnapUsers {
  const secretOf = (userId: string) =>
    uuidFromBytes(createHmac('sha256', key).update(`snaptrade-user:${userId}`).digest())
  let st = emptyState()
  return {
    register(userId) {
      if (st.users.has(userId) && !st.deleted.has(userId)) return null
      st.deleted.delete(userId)
      st.users.set(userId, { generation: generation(), auths: [] })
      return changed(st, { userSecret: secretOf(userId) })
    },
    delete(userId) {
      if (st.deleted.has(userId) || !st.users.has(userId)) return false
      st.deleted.add(userId)
      st.users.delete(userId)
      return changed(st, true)
    },
    list: () => [...st.users.keys()],
    check(userId, secret, isExpired) {
      if (!userId || st.deleted.has(userId) || secret !== secretOf(userId)) return false
      return !isExpired(entry(st, userId).generation)
    },
    authorizations: (userId) => entry(st, userId).auths,
    authorize(userId, slug, now) {
      const auth = { id: randomUUID(), slug, accountId: randomUUID(), createdAt: now, disabled: false }
      entry(st, userId).auths.push(auth)
      return changed(st, auth)
    },
    remove: (userId, id) => removeIn(st, id, userId),
    openSession(s) {
      const session = { ...s, token: randomUUID() }
      st.sessions.set(session.token, session)
      return session
    },
    session: (token) => st.sessions.get(token),
    endSession: (token) => void st.sessions.delete(token),
    ownerOf(accountId) {
      for (const [userId, u] of st.users) {
        const auth = u.auths.find((a) => a.accountId === accountId)
        if (auth) return { userId, auth }
      }
      return undefined
    },
    disable: (id) => disableIn(st, id),
    drop: (id) => removeIn(st, id),
    get dirty() {
      return st.dirty
    },
    saved: () => savedOf(st),
    restore: (saved) => restoreInto(st, saved),
    clear() {
      st = { ...emptyState(), dirty: true }
    },
  }
}
