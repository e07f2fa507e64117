/**
 * The wire messages PGlite's session sends (pglite-session.ts), built once where they never change;
 * the call that sends them through PGlite's public `execProtocolRawStream` (ADR 0022) and parses the
 * answer; and the cuts of that answer: where a query's rows start, one part per Sync.
 */
import { protocol, type parse, type PGlite } from '@electric-sql/pglite'
import type { CompiledQuery } from 'kysely'
import pgUtils from 'pg/lib/utils.js'
import { serialize as pgSerialize } from 'pg-protocol'
import { Parser } from 'pg-protocol/dist/parser.js'
import { SETTINGS_NAME, type ScopeValues } from './scoped-read.ts'

export const { serialize } = protocol
/**
 * Bind, the one message built on every statement, comes from `pg`'s own serializer: PGlite's port of it
 * keeps its writer's fields in WeakMaps and copies on flush, 4.2 µs a Bind against 0.4 (bench/README.md).
 * Its Buffer is a view into a shared pool, so it is only ever sent copied (concat), never as is.
 */
export const bindMessage = (statement: string, values: (string | Buffer | null)[]) =>
  pgSerialize.bind({ statement, values })
const toText = pgUtils.prepareValue

export function concat(parts: Uint8Array[]): Uint8Array {
  let size = 0
  for (const p of parts) size += p.length
  const out = new Uint8Array(size)
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

// Messages that never change, serialized once (PGlite's serializer was 8 % of a scoped read).
export const DESCRIBE_EXECUTE_SYNC = concat([
  serialize.describe({ type: 'P' }),
  serialize.execute({}),
  serialize.sync(),
])
/** A message serialized once per key; at most 10,000 kept (one per tenant and flag in practice). */
function memo(cache: Map<string, Uint8Array>, key: string, build: () => Uint8Array): Uint8Array {
  let message = cache.get(key)
  if (!message) {
    if (cache.size >= 10_000) cache.clear()
    message = build()
    cache.set(key, message)
  }
  return message
}

/** Preludes serialized, by text (scope-driver.ts checks what they hold). */
const PRELUDES = new Map<string, Uint8Array>()
export const preludeMessage = (text: string) => memo(PRELUDES, text, () => serialize.query(text))

/** Parameters as `pg` sends them: text, or a Buffer (bytea) sent in binary. */
export const textValues = (query: CompiledQuery) =>
  query.parameters.map((v) => {
    const text = toText(v)
    return text === null || typeof text === 'string' ? text : Buffer.from(text)
  })

/**
 * Where the query's own answer starts: after the prelude's last ReadyForQuery (its SET statements
 * answer no rows). An error anywhere has already been thrown by execProtocol.
 */
export function queryStart(messages: readonly { name: string }[]): number {
  for (let i = messages.length - 2; i >= 0; i--) if (messages[i]?.name === 'readyForQuery') return i + 1
  return 0
}

/** After the settings statement's answer (its CommandComplete), which precedes the query's. */
export function afterSettings(messages: readonly { name: string }[], from: number): number {
  for (let i = from; i < messages.length; i++) if (messages[i]?.name === 'commandComplete') return i + 1
  return from
}

export const COMMIT = serialize.query('commit')
const EXECUTE = serialize.execute({})
export const EXECUTE_SYNC = concat([EXECUTE, serialize.sync()])

/** The settings statement bound and executed, serialized once per tenant and flag. */
const SETTINGS_BINDS = new Map<string, Uint8Array>()
export const settingsMessage = (scope: ScopeValues) =>
  memo(SETTINGS_BINDS, `${scope.tenant}|${scope.system}`, () =>
    concat([bindMessage(SETTINGS_NAME, [scope.tenant, scope.system]), EXECUTE]),
  )

export type Message = Parameters<typeof parse.parseResults>[0][number]
export const describes = (m: Message) => m.name === 'rowDescription' || m.name === 'noData'

export const isError = (m: Message) => m.name === 'error'

/** The answer cut after each ReadyForQuery: one part per Sync (or simple query) sent. */
export function splitAtReady(messages: Message[]): Message[][] {
  const parts: Message[][] = []
  let from = 0
  for (let i = 0; i < messages.length; i++)
    if (messages[i]!.name === 'readyForQuery') {
      parts.push(messages.slice(from, i + 1))
      from = i + 1
    }
  return parts
}

/**
 * One call into PGlite and its answer as messages, errors included (the caller decides whether one
 * throws). The raw bytes are parsed by `pg-protocol`, the parser the PostgreSQL driver uses: PGlite's
 * own (`execProtocol`) copies every field of every row into a fresh buffer before decoding it, which
 * cost ~0.4 s of a 1,000-notification run (bench/README.md). Each chunk PGlite hands over is a view
 * into its memory, valid only during the callback, so it is copied.
 *
 * No `syncToFs` after the call: only IndexedDB's file system (a browser's) needs it. In memory and on
 * a data directory (Node's file system) PGlite writes through and its sync does nothing, but asking
 * for it takes a lock of its own, ~15–40 µs a call on the 2-core machine.
 */
export async function exchange(pglite: PGlite, message: Uint8Array): Promise<Message[]> {
  const chunks: Buffer[] = []
  await pglite.execProtocolRawStream(message, {
    syncToFs: false,
    onRawData: (bytes) => chunks.push(Buffer.from(bytes)),
  })
  const messages: Message[] = []
  const [only, ...more] = chunks
  const data = only && more.length === 0 ? only : Buffer.concat(chunks)
  new Parser().parse(data, (m) => messages.push(m))
  return messages
}
