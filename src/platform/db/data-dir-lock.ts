/**
 * One process per embedded data directory. PGlite has no lock of its own: a second process that
 * opens the same directory (a CLI beside the running server) writes files the first one then
 * overwrites, and acknowledged writes are lost. The owner keeps `<DATA_DIR>/sextant.lock` with its
 * pid and, on Linux, its process start time; a lock whose owner is dead (a SIGKILLed server, a
 * crashed CLI) is stale and taken over. Dead includes a zombie — a killed process whose parent has
 * not reaped it (a container init that does not reap, a supervisor that died) still answers
 * kill(pid, 0) — and a pid now used by another process (its start time is not the lock's).
 * proper-lockfile and the like judge staleness by a refreshed mtime, which needs a timer in every
 * process and guesses after a pause; the pid is what tells whether the owner is still there.
 */
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs'
import { procStat } from './proc-stat.ts'
import { join } from 'node:path'

export const LOCK_FILE = 'sextant.lock'

export interface LockOwner {
  pid: number
  /** Who holds it, for people: "the server", "npm run seed:demo". */
  owner: string
  since: string
  /** The owner's start time (Linux: clock ticks after boot, /proc/<pid>/stat); absent elsewhere. */
  start?: number
}

/** The data directory is held by another live process. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockOwner,
  ) {
    super(`${holder.owner} (pid ${holder.pid}) holds ${dataDir}`)
    this.name = 'DataDirLockedError'
  }
}

export interface DataDirLock {
  release(): void
}

// Locks this process holds, so a same-pid lock left by an earlier process (pid reuse, a restarted
// container's pid 1) reads as stale, while a second open inside this process is still refused.
const heldHere = new Set<string>()

/** Whether the lock's owner still runs: its pid exists, is not a zombie, and started when it did. */
function alive(holder: LockOwner): boolean {
  const { pid } = holder
  // Not a pid (a torn or foreign file): kill(0) would signal our own process group and say "alive".
  if (!Number.isInteger(pid) || pid <= 0) return false
  if (pid === process.pid) return false // only reached for a path not in heldHere
  try {
    process.kill(pid, 0)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false // EPERM: exists, another user's
  }
  const stat = procStat(pid)
  if (!stat) return true // no /proc (not Linux): the pid is all there is to go by
  if (stat.state === 'Z' || stat.state === 'X') return false // killed, not reaped: it will never run again
  return holder.start === undefined || stat.start === holder.start
}

function readOwner(path: string): LockOwner | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockOwner>
    if (!Number.isInteger(parsed.pid)) return { pid: 0, owner: '?', since: '' }
    // A start that is not a whole number is not one we wrote: judge by the pid alone.
    return { ...(parsed as LockOwner), start: Number.isInteger(parsed.start) ? parsed.start : undefined }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    return { pid: 0, owner: 'an unreadable lock', since: '' } // torn write of a dead owner
  }
}

/** Moves a stale lock aside, unless it changed under us (then the caller's next attempt sees it). */
function removeStale(path: string, seen: LockOwner): void {
  const aside = `${path}.stale-${process.pid}`
  try {
    renameSync(path, aside) // atomic: of two processes taking over, one moves it
  } catch {
    return // another process moved it first
  }
  const moved = readOwner(aside)
  if (moved && moved.pid !== seen.pid) {
    try {
      linkSync(aside, path) // a fresh lock we moved by mistake: put it back
    } catch {
      // a third process locked in between: the directory is held either way
    }
  }
  unlinkSync(aside)
}

/**
 * Takes the lock of `dataDir` (which must exist) or throws DataDirLockedError naming the holder.
 * The lock is created complete (write a private file, then hard-link it into place) so nobody
 * reads a half-written pid.
 */
export function lockDataDir(dataDir: string, owner: string): DataDirLock {
  const path = join(dataDir, LOCK_FILE)
  if (heldHere.has(path)) throw new DataDirLockedError(dataDir, readOwner(path) ?? ownerRecord(owner))
  const mine = `${path}.${process.pid}`
  const record = ownerRecord(owner)
  writeFileSync(mine, JSON.stringify(record))
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(mine, path)
        heldHere.add(path)
        return { release: () => release(path) }
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
      }
      const holder = readOwner(path)
      if (holder && alive(holder)) throw new DataDirLockedError(dataDir, holder)
      if (holder) removeStale(path, holder)
    }
    throw new DataDirLockedError(dataDir, readOwner(path) ?? { ...record, owner: 'another process' })
  } finally {
    unlinkSync(mine)
  }
}

function ownerRecord(owner: string): LockOwner {
  const start = procStat(process.pid)?.start
  return {
    pid: process.pid,
    owner,
    since: new Date().toISOString(),
    ...(start === undefined ? {} : { start }),
  }
}

function release(path: string): void {
  if (!heldHere.delete(path)) return
  if (readOwner(path)?.pid === process.pid) unlinkSync(path)
}

// A process that exits without closing its database (process.exit in a CLI) leaves no lock behind.
process.on('exit', () => {
  for (const path of [...heldHere]) release(path)
})
