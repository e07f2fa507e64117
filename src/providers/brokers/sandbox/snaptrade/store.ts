/**
 * Where the simulated SnapTrade keeps its users and authorizations between restarts (the app gives
 * it a store in its database): read once before the first request, written after every request or
 * vendor-side change that altered them. Without a store they live in memory only.
 */
import type { SavedUsers, SnapUsers } from './users.ts'

export interface SnapTradeSandboxStore {
  /** What `save` was last given (null: nothing yet); anything else is ignored. */
  load(): Promise<unknown>
  save(state: SavedUsers): Promise<void>
}

const isSaved = (v: unknown): v is SavedUsers =>
  typeof v === 'object' &&
  v !== null &&
  Array.isArray((v as SavedUsers).users) &&
  Array.isArray((v as SavedUsers).deleted)

export function createPersistence(users: SnapUsers) {
  let store: SnapTradeSandboxStore | null = null
  let loaded: Promise<void> | null = null
  const load = () =>
    (loaded ??= (async () => {
      const state = await store?.load()
      if (isSaved(state)) users.restore(state)
    })())
  const save = async () => {
    if (store && users.dirty) await store.save(users.saved())
  }
  return {
    load,
    save,
    persistTo(s: SnapTradeSandboxStore) {
      store = s
      loaded = null
    },
    /** A change made on the vendor's side (not through a request), saved like one. */
    onVendorSide: (change: (id: string) => boolean) => async (id: string) => {
      await load()
      const found = change(id)
      await save()
      return found
    },
  }
}
