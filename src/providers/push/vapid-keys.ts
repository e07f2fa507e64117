/**
 * The VAPID key pair web push signs with (RFC 8292). Configured keys win; otherwise production has
 * none (web push is off), an in-memory database gets a pair for this process only, and any other
 * setup generates one pair into `${DATA_DIR}/vapid-keys.json` the first time and reads it after
 * that. Browsers subscribe with the public key, so it must not change between restarts or differ
 * between processes: the file is created with the exclusive `wx` flag, and a process that loses the
 * race reads the winner's pair.
 */
import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import webpush from 'web-push'
import type { Config } from '../../platform/config.ts'

export interface VapidKeys {
  publicKey: string
  privateKey: string
}

export type VapidSource = 'configured' | 'file' | 'process' | 'off'

export interface ResolvedVapid {
  keys: VapidKeys | null
  source: VapidSource
  /** The data-dir file, when source is `file`. */
  file?: string
}

export type VapidConfig = Pick<
  Config,
  'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'NODE_ENV' | 'DATA_DIR' | 'DATABASE_URL'
>

export const VAPID_KEYS_FILE = 'vapid-keys.json'

const PUBLIC_KEY = /^[A-Za-z0-9_-]{87}$/
const PRIVATE_KEY = /^[A-Za-z0-9_-]{43}$/

function isKeys(v: unknown): v is VapidKeys {
  if (typeof v !== 'object' || v === null) return false
  const { publicKey, privateKey } = v as Record<string, unknown>
  return (
    typeof publicKey === 'string' &&
    PUBLIC_KEY.test(publicKey) &&
    typeof privateKey === 'string' &&
    PRIVATE_KEY.test(privateKey)
  )
}

function generate(): VapidKeys {
  const { publicKey, privateKey } = webpush.generateVAPIDKeys()
  return { publicKey, privateKey }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

// The winner writes right after creating the file: a reader that finds it empty waits a little.
function readKeysFile(file: string): VapidKeys {
  for (let i = 0; ; i++) {
    const text = readFileSync(file, 'utf8')
    if (text.trim() !== '' || i >= 50) {
      let parsed: unknown
      try {
        parsed = JSON.parse(text)
      } catch {
        parsed = undefined
      }
      if (isKeys(parsed)) return parsed
      throw new Error(
        `${file} does not hold a VAPID key pair ({publicKey, privateKey} base64url); delete it to generate a new one`,
      )
    }
    sleepSync(20)
  }
}

/** Creates the file with a new pair, or reads the pair another process wrote first. */
export function loadOrCreateVapidKeys(dataDir: string): { keys: VapidKeys; created: boolean; file: string } {
  const file = join(dataDir, VAPID_KEYS_FILE)
  mkdirSync(dataDir, { recursive: true })
  let fd: number
  try {
    fd = openSync(file, 'wx', 0o600)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST')
      return { keys: readKeysFile(file), created: false, file }
    throw e
  }
  const keys = generate()
  try {
    writeSync(fd, JSON.stringify(keys))
  } finally {
    closeSync(fd)
  }
  return { keys, created: true, file }
}

export function resolveVapidKeys(config: VapidConfig): ResolvedVapid {
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY)
    return {
      keys: { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY },
      source: 'configured',
    }
  if (config.NODE_ENV === 'production') return { keys: null, source: 'off' }
  if (config.DATABASE_URL?.startsWith('memory://')) return { keys: generate(), source: 'process' }
  const { keys, file } = loadOrCreateVapidKeys(config.DATA_DIR)
  return { keys, source: 'file', file }
}

/** `mailto:` the address inside EMAIL_FROM ("Name <a@b>" or "a@b"). */
export function vapidSubject(config: Pick<Config, 'VAPID_SUBJECT' | 'EMAIL_FROM'>): string {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT
  const angle = /<([^<>\s]+@[^<>\s]+)>/.exec(config.EMAIL_FROM)
  const address = angle?.[1] ?? config.EMAIL_FROM.trim()
  return `mailto:${address}`
}
