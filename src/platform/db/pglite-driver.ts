/**
 * A Kysely driver for embedded PGlite that runs each statement in one call into the wasm backend.
 * PGlite's own `query()` makes six (parse, describe, bind, describe, execute, sync) and `exec()` two;
 * each call crosses into wasm and back, and together they were most of a PGlite request's cost. Here
 * parse, bind, describe, execute and sync go out as one protocol message, and the scope's prelude
 * (scope-driver.ts) can ride in front of it, so a tenant-scoped read is one call (ADR 0022). Statements
 * with parameters are prepared once under a name (statement-names.ts) and then only bound.
 *
 * Parameters are sent as text with their types left to the server, exactly as `pg` sends them for
 * the PostgreSQL engine (its `prepareValue`), so both engines see the same values. Results go
 * through PGlite's own parsers (the `parsers` given to `PGlite.create`). SQL without parameters goes
 * as a simple query, so raw text with several statements still runs, answering its last result.
 * PGlite has one session: the driver hands out its one connection to one caller at a time.
 */
import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite'
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult } from 'kysely'
import pgUtils from 'pg/lib/utils.js'
import { serialize as pgSerialize } from 'pg-protocol'
import { postgresDialect, SqlTransactionDriver } from './postgres-driver-base.ts'
import type { Prelude } from './scope-driver.ts'
import { SETTINGS_NAME, SETTINGS_SQL, type ScopeValues } from './scoped-read.ts'
import { isStalePlan, StatementNames } from './statement-names.ts'

const { serialize } = protocol
/**
 * Bind, the one message built on every statement, comes from `pg`'s own serializer: PGlite's port of it
 * keeps its writer's fields in WeakMaps and copies on flush, 4.2 µs a Bind against 0.4 (bench/README.md).
 * Its Buffer is a view into a shared pool, so it is only ever sent copied (concat), never as is.
 */
const bindMessage = (statement: string, values: (string | Buffer | null)[]) =>
  pgSerialize.bind({ statement, values })
const toText = pgUtils.prepareValue

function concat(parts: Uint8Array[]): Uint8Array {
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
const DESCRIBE_EXECUTE_SYNC = concat([
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
const preludeMessage = (text: string) => memo(PRELUDES, text, () => serialize.query(text))

/** Parameters as `pg` sends them: text, or a Buffer (bytea) sent in binary. */
const textValues = (query: CompiledQuery) =>
  query.parameters.map((v) => {
    const text = toText(v)
    return text === null || typeof text === 'string' ? text : Buffer.from(text)
  })

/**
 * Where the query's own answer starts: after the prelude's last ReadyForQuery (its SET statements
 * answer no rows). An error anywhere has already been thrown by execProtocol.
 */
function queryStart(messages: readonly { name: string }[]): number {
  for (let i = messages.length - 2; i >= 0; i--) if (messages[i]?.name === 'readyForQuery') return i + 1
  return 0
}

/** After the settings statement's answer (its CommandComplete), which precedes the query's. */
function afterSettings(messages: readonly { name: string }[], from: number): number {
  for (let i = from; i < messages.length; i++) if (messages[i]?.name === 'commandComplete') return i + 1
  return from
}

const COMMIT = serialize.query('commit')
const EXECUTE = serialize.execute({})
const EXECUTE_SYNC = concat([EXECUTE, serialize.sync()])

/** The settings statement bound and executed, serialized once per tenant and flag. */
const SETTINGS_BINDS = new Map<string, Uint8Array>()
const settingsMessage = (scope: ScopeValues) =>
  memo(SETTINGS_BINDS, `${scope.tenant}|${scope.system}`, () =>
    concat([bindMessage(SETTINGS_NAME, [scope.tenant, scope.system]), EXECUTE]),
  )

type Message = Parameters<typeof parse.parseResults>[0][number]
const describes = (m: Message) => m.name === 'rowDescription' || m.name === 'noData'

export class PGliteConnection implements DatabaseConnection {
  /** Statement names this session has prepared; a name in doubt after an error is closed and re-parsed. */
  readonly #prepared = new Set<string>()
  /**
   * What Describe answered for each prepared statement (its columns, or none): a prepared statement's
   * result shape is fixed, so later executions skip Describe and reuse it. Forgotten with the statement.
   */
  readonly #described = new Map<string, Message>()

  constructor(
    readonly pglite: PGlite,
    private readonly names: StatementNames,
  ) {}

  /** The protocol messages for one statement: simple when it has no parameters (unless `extended`). */
  #messages(query: CompiledQuery, name: string | undefined, extended = false): Uint8Array[] {
    if (query.parameters.length === 0 && !extended) return [serialize.query(query.sql)]
    const bind = bindMessage(name ?? '', textValues(query))
    if (name && this.#prepared.has(name))
      return [bind, this.#described.has(name) ? EXECUTE_SYNC : DESCRIBE_EXECUTE_SYNC]
    const parse = serialize.parse({ text: query.sql, name: name ?? '' })
    // Closing a statement that does not exist is no error: it clears one an error left in doubt.
    return name
      ? [serialize.close({ type: 'S', name }), parse, bind, DESCRIBE_EXECUTE_SYNC]
      : [parse, bind, DESCRIBE_EXECUTE_SYNC]
  }

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.run<R>(null, query)
  }

  /**
   * A scope's leading read in one call and one implicit transaction (scoped-read.ts): an owed COMMIT
   * first if `commitFirst`, then the settings statement bound and executed, then the query, then Sync.
   */
  async scopedRead<R>(
    commitFirst: boolean,
    scope: ScopeValues,
    query: CompiledQuery,
  ): Promise<QueryResult<R>> {
    const name = this.names.nameFor(query)
    const parts: Uint8Array[] = commitFirst ? [COMMIT] : []
    if (!this.#prepared.has(SETTINGS_NAME))
      parts.push(
        serialize.close({ type: 'S', name: SETTINGS_NAME }),
        serialize.parse({ text: SETTINGS_SQL, name: SETTINGS_NAME }),
      )
    parts.push(settingsMessage(scope), ...this.#messages(query, name, true))
    const messages = await this.#exec(concat(parts), name, [SETTINGS_NAME])
    return this.#result<R>(messages.slice(afterSettings(messages, queryStart(messages))), name)
  }

  async #exec(message: Uint8Array, name: string | undefined, more: string[] = []) {
    try {
      // execProtocol takes no lock of its own: queue behind PGlite's other calls (a deferred COMMIT's exec).
      const { messages } = await this.pglite.runExclusive(() => this.pglite.execProtocol(message))
      if (name) this.#prepared.add(name)
      for (const m of more) this.#prepared.add(m)
      return messages
    } catch (err) {
      if (name) this.#forget(name)
      for (const m of more) this.#forget(m)
      if (name && isStalePlan(err)) this.names.forget()
      throw err
    }
  }

  #forget(name: string): void {
    this.#prepared.delete(name)
    this.#described.delete(name)
  }

  /** The query's part of the answer as rows; its description reused, or kept for next time. */
  #result<R>(messages: Message[], name: string | undefined): QueryResult<R> {
    if (name) {
      const known = this.#described.get(name)
      if (known) messages = [known, ...messages]
      else {
        const description = messages.find(describes)
        if (description) {
          if (this.#described.size >= 10_000) this.#described.clear()
          this.#described.set(name, description)
        }
      }
    }
    const results = parse.parseResults(messages, this.pglite.parsers) as Results<R>[]
    const last = results[results.length - 1]
    const rows = last?.rows ?? []
    return last?.affectedRows ? { rows, numAffectedRows: BigInt(last.affectedRows) } : { rows }
  }

  /**
   * The prelude (or null) and the query in one call. An error anywhere rejects: a failed prelude
   * leaves the transaction aborted, so the server skips the query (RLS holds). The prelude is one
   * simple query (`begin; set local …`): SET statements are not planned, so binding them to a prepared
   * statement measured no cheaper (bench/README.md).
   */
  async run<R>(prelude: Prelude | null, query: CompiledQuery): Promise<QueryResult<R>> {
    const name = this.names.nameFor(query)
    const parts = this.#messages(query, name)
    if (prelude) parts.unshift(preludeMessage(prelude.text))
    const messages = await this.#exec(parts.length === 1 ? parts[0]! : concat(parts), name)
    return this.#result<R>(messages.slice(queryStart(messages)), name)
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported by the PGlite driver, and nothing here streams')
  }
}

class PGliteDriver extends SqlTransactionDriver implements Driver {
  readonly #connection: PGliteConnection
  #busy = false
  readonly #waiting: Array<(c: PGliteConnection) => void> = []

  constructor(
    private readonly pglite: PGlite,
    names: StatementNames,
  ) {
    super()
    this.#connection = new PGliteConnection(pglite, names)
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    if (!this.#busy) {
      this.#busy = true
      return this.#connection
    }
    return new Promise((resolve) => this.#waiting.push(resolve))
  }

  async releaseConnection(): Promise<void> {
    const next = this.#waiting.shift()
    if (next) next(this.#connection)
    else this.#busy = false
  }

  async destroy(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close()
  }
}

/** `statementCache`: how many SQL texts the session prepares (0: none; statement-names.ts). */
export function pgliteDialect(pglite: PGlite, statementCache: number): Dialect {
  const names = new StatementNames(statementCache)
  return postgresDialect(() => new PGliteDriver(pglite, names))
}
