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
 *
 * PGlite has one session (pglite-session.ts). A scope's connection takes it on first need and holds it
 * until released; a scope's leading reads never take it: they join the session's next batch, one call
 * for the reads of a turn of the event loop (ADR 0027), so a scope that only reads never holds it.
 */
import type { PGlite } from '@electric-sql/pglite'
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult } from 'kysely'
import { PGliteSession } from './pglite-session.ts'
import { postgresDialect, SqlTransactionDriver } from './postgres-driver-base.ts'
import type { Prelude, PreludeSender } from './scope-driver.ts'
import type { ScopeValues } from './scoped-read.ts'
import { StatementNames } from './statement-names.ts'

/**
 * A scope's handle on the session, taken on its first statement that needs it (anything but a leading
 * read) and held until Kysely releases the connection: a scope that only reads never holds it.
 */
export class PGliteConnection implements DatabaseConnection {
  #taking: Promise<void> | undefined
  #released = false

  constructor(readonly session: PGliteSession) {}

  /** Holds the session from now until release; never after release (it would never be given back). */
  #hold(): Promise<void> {
    if (this.#released)
      return Promise.reject(new Error('a database connection was used after its scope ended'))
    return (this.#taking ??= this.session.take())
  }

  /** Gives the session back if this connection took it (or once it has it, if it is still waiting). */
  release(): void {
    if (this.#released) return
    this.#released = true
    void this.#taking?.then(() => this.session.give())
  }

  /** Whether this connection holds (or waits for) the session. */
  get holding(): boolean {
    return this.#taking !== undefined
  }

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.run<R>(null, query)
  }

  /** The prelude and the query in one call (scope-driver.ts), holding the session from now on. */
  async run<R>(prelude: Prelude | null, query: CompiledQuery): Promise<QueryResult<R>> {
    await this.#hold()
    return this.session.run<R>(prelude, query)
  }

  /**
   * A scope's leading read: batched with other scopes' without holding the session, unless this
   * connection already holds it (then it runs in turn on it, as a batch of its own would wait for it).
   */
  async scopedRead<R>(scope: ScopeValues, query: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.#taking && !this.#released) return this.session.read<R>(scope, query)
    await this.#hold()
    return this.session.read<R>(scope, query, true)
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported by the PGlite driver, and nothing here streams')
  }
}

class PGliteDriver extends SqlTransactionDriver implements Driver {
  constructor(private readonly session: PGliteSession) {
    super()
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PGliteConnection(this.session) // takes the session on first need
  }

  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    ;(conn as PGliteConnection).release()
  }

  destroy = () => closePglite(this.session)
}

/** Closes PGlite once, after the owed COMMIT and whatever holds or waits for the session. */
export async function closePglite(session: PGliteSession): Promise<void> {
  const { pglite } = session
  if (!pglite.closed) await session.hold(async () => void (pglite.closed || (await pglite.close())))
}

/**
 * How scopes' statements reach PGlite (scope-driver.ts): the prelude with the first query in one call;
 * a leading read into the session's next batch; a read-only transaction's COMMIT owed to the session.
 */
export function pglitePrelude(): PreludeSender {
  return {
    send<R>(conn: DatabaseConnection, prelude: Prelude, query: CompiledQuery) {
      return (conn as PGliteConnection).run<R>(prelude, query)
    },
    // A write sent alone (ADR 0035) goes the same way: the one session never waits for a row lock,
    // and each statement of a batch ends at its own Sync, so a failing one rejects only itself.
    readFirst<R>(conn: DatabaseConnection, scope: ScopeValues, query: CompiledQuery) {
      return (conn as PGliteConnection).scopedRead<R>(scope, query)
    },
    commitRead(conn: DatabaseConnection) {
      const c = conn as PGliteConnection
      if (c.holding) c.session.owe() // still held: the COMMIT is owed before the session is given back
    },
  }
}

/**
 * PGlite's session and the dialect over it. `statementCache`: how many SQL texts the session prepares
 * (0: none; statement-names.ts). `onBackgroundError` hears a COMMIT sent on its own that failed.
 */
export function pgliteDialect(
  pglite: PGlite,
  statementCache: number,
  onBackgroundError: (err: Error) => void,
): { dialect: Dialect; session: PGliteSession } {
  const session = new PGliteSession(pglite, new StatementNames(statementCache), onBackgroundError)
  return { dialect: postgresDialect(() => new PGliteDriver(session)), session }
}
