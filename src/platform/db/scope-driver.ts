/**
 * Fewer round trips per scoped transaction (ADR 0020). Kysely's transaction sends `BEGIN`, then the
 * scope's settings statement, then the work, then `COMMIT`: four round trips for a one-query
 * read. This driver wrapper defers `BEGIN`, folds the scope's settings into it as one simple-protocol
 * statement (the "prelude"), and sends that prelude together with the transaction's first real
 * query:
 *
 * - PostgreSQL (`pg` in pipeline mode, pg-driver.ts): prelude and query leave in one write. A
 *   transaction that only ran plain selects is committed without waiting for the answer (its COMMIT
 *   leaves with the connection's next write), so a one-query read costs one round trip.
 * - PGlite (in-process, nothing to pipeline): the prelude and the query go into the backend in one
 *   call, and a read-only transaction's COMMIT is owed to whatever runs next on the one session
 *   (pglite-driver.ts).
 *
 * A plain select that comes before anything else in the scope needs no BEGIN at all (ADR 0025): the
 * sender's `readFirst` runs it in its own implicit transaction with the settings bound in the same
 * batch (scoped-read.ts), and the prelude stays pending for whatever follows. A scope of plain selects
 * therefore sends neither BEGIN nor COMMIT, and its reads may share a write (PostgreSQL's read lanes,
 * ADR 0026) or a call into PGlite (ADR 0027) with other scopes' reads. A statement marked `alone` (a
 * scope's whole work, ADR 0035) is sent the same way, a write included (on PostgreSQL never on a lane).
 *
 * Ordering is the guarantee that keeps RLS intact: the server runs the prelude before the query on
 * the same connection, and a failed prelude aborts the transaction, so the query fails with it rather
 * than running unscoped. A transaction that runs no query sends nothing at all.
 */
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely'
import type { ScopeValues } from './scoped-read.ts'

/** What goes ahead of a transaction's first query, as one simple-protocol text: `begin` (or
 * `commit; begin` after an owed COMMIT), then the settings' `set local` statements. */
export interface Prelude {
  readonly text: string
}

/** How an engine sends the prelude with a query. */
export interface PreludeSender {
  send<R>(conn: DatabaseConnection, prelude: Prelude, query: CompiledQuery): Promise<QueryResult<R>>
  /**
   * Commits a transaction whose statements all were plain selects, possibly without waiting for the
   * server's answer (nothing was written, so nothing can be lost). Absent: an ordinary COMMIT.
   */
  commitRead?(conn: DatabaseConnection): void
  /**
   * Runs a plain select that comes before anything else in a scope in its own implicit transaction,
   * the scope's settings bound in the same batch, with no BEGIN or COMMIT (scoped-read.ts). Absent:
   * the select opens the scope's transaction like any statement.
   */
  readFirst?<R>(
    conn: DatabaseConnection,
    scope: ScopeValues,
    query: CompiledQuery,
    writes?: boolean,
  ): Promise<QueryResult<R>>
}

/** A select that takes no row locks and has no data-modifying CTE: it writes nothing. */
function onlyReads(query: CompiledQuery): boolean {
  const node = query.query as unknown as {
    kind: string
    endModifiers?: readonly unknown[]
    with?: { expressions: readonly { expression: { kind: string } }[] }
  }
  if (node.kind !== 'SelectQueryNode' || node.endModifiers?.length) return false
  return (node.with?.expressions ?? []).every((cte) => cte.expression.kind === 'SelectQueryNode')
}

/** Statements marked `alone`: the whole of their scope's work. */
const ALONE = new WeakSet<CompiledQuery>()

/**
 * Marks `query` as the whole of its scope's work (ADR 0035; `Scopes.statementAlone` is the way in).
 * Before anything has opened the scope's transaction it is sent like a leading read, a write
 * included: in its own implicit transaction, the settings bound in the same batch, committed at its
 * Sync — no BEGIN, no COMMIT. Anything after it in the scope throws, since it could not share that
 * transaction. In a transaction already open it runs there as usual.
 */
export function alone<R>(query: CompiledQuery<R>): CompiledQuery<R> {
  ALONE.add(query)
  return query
}

/** Each settings statement's values, for a leading read that binds them instead (scoped-read.ts). */
const SETTINGS = new WeakMap<CompiledQuery, ScopeValues>()
/** Built statements by tenant and flag: a compiled query is immutable, so one per scope serves all. */
const BUILT = new Map<string, CompiledQuery>()
const TENANT = /^(?:[1-9][0-9]{0,18})?$/

/**
 * The scope's settings as a statement for the prelude. The values are inlined (the simple protocol
 * has no parameters), so they are checked to be exactly what may be inlined: a tenant id of digits or
 * nothing, and `on`/`off`.
 */
export function scopeSettings(tenant: string, system: 'on' | 'off'): CompiledQuery {
  const key = `${tenant}|${system}`
  const known = BUILT.get(key)
  if (known) return known
  if (!TENANT.test(tenant)) throw new Error(`invalid tenant setting ${JSON.stringify(tenant)}`)
  if (system !== 'on' && system !== 'off') throw new Error(`invalid system setting ${String(system)}`)
  // SET LOCAL rather than a select of set_config: utility statements are not planned and answer no
  // row, which PostgreSQL and the client would otherwise parse on every request (bench/README.md).
  const q = CompiledQuery.raw(
    `set local app.tenant_id = '${tenant}'; set local app.system = '${system}'; set local role sextant_app`,
  )
  SETTINGS.set(q, { tenant, system })
  if (BUILT.size >= 10_000) BUILT.clear()
  BUILT.set(key, q)
  return q
}

class PreludeConnection implements DatabaseConnection {
  /**
   * What waits to go out before the next query: `begin`, then the settings added, with their values
   * (which a leading read binds instead).
   */
  pending: (Prelude & { values?: ScopeValues }) | null = null
  /** Whether the scope ran anything but plain selects. */
  wrote = false
  /** Whether a statement marked `alone` was sent as the scope's whole work. */
  ended = false

  constructor(
    readonly inner: DatabaseConnection,
    private readonly sender: PreludeSender,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    this.#refuseAfterAlone()
    const reads = onlyReads(query)
    const values = SETTINGS.get(query)
    if (!this.wrote && !reads && !values) this.wrote = true
    if (this.pending === null) return this.inner.executeQuery(query)
    if (values) {
      this.pending = { text: `${this.pending.text}; ${query.sql}`, values }
      return { rows: [] }
    }
    // A plain select before anything else runs on its own, settings bound; the prelude stays pending
    // for what may follow. Under READ COMMITTED each statement takes its own snapshot anyway. A
    // statement marked alone runs the same way, a write included, and ends the scope.
    if (this.pending.values && this.sender.readFirst && (reads || ALONE.has(query))) {
      if (!reads) this.ended = true
      return this.sender.readFirst(this.inner, this.pending.values, query, !reads)
    }
    const prelude = this.pending
    this.pending = null
    return this.sender.send(this.inner, prelude, query)
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    this.#refuseAfterAlone()
    this.wrote = true
    await this.flush()
    yield* this.inner.streamQuery<R>(query, chunkSize)
  }

  /** Sends a waiting prelude on its own (before a stream or a savepoint). */
  async flush(): Promise<void> {
    this.#refuseAfterAlone()
    if (this.pending === null) return
    const prelude = this.pending
    this.pending = null
    await this.sender.send(this.inner, prelude, CompiledQuery.raw('select 1'))
  }

  #refuseAfterAlone(): void {
    if (this.ended)
      throw new Error('a statement sent alone was the whole of its scope: nothing may follow it')
  }
}

class PreludeDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly sender: PreludeSender,
  ) {}

  init = () => this.inner.init()

  destroy = () => this.inner.destroy()

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PreludeConnection(await this.inner.acquireConnection(), this.sender)
  }

  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    const c = conn as PreludeConnection
    c.pending = null
    c.ended = false
    await this.inner.releaseConnection(c.inner)
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const c = conn as PreludeConnection
    if (settings.isolationLevel || settings.accessMode) {
      c.wrote = true // not a scope's transaction: committed the ordinary way
      return this.inner.beginTransaction(c.inner, settings)
    }
    c.pending = { text: 'begin' }
    c.wrote = false
    c.ended = false
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    const c = conn as PreludeConnection
    if (c.pending !== null)
      c.pending = null // nothing was sent: there is nothing to commit
    else if (!c.wrote && this.sender.commitRead) this.sender.commitRead(c.inner)
    else await this.inner.commitTransaction(c.inner)
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    const c = conn as PreludeConnection
    if (c.pending !== null) c.pending = null
    else await this.inner.rollbackTransaction(c.inner)
  }

  async savepoint(
    conn: DatabaseConnection,
    name: string,
    compile: Parameters<NonNullable<Driver['savepoint']>>[2],
  ) {
    const c = conn as PreludeConnection
    await c.flush()
    if (!this.inner.savepoint) throw new Error('savepoints are not supported by this driver')
    await this.inner.savepoint(c.inner, name, compile)
  }

  async rollbackToSavepoint(
    conn: DatabaseConnection,
    name: string,
    compile: Parameters<NonNullable<Driver['rollbackToSavepoint']>>[2],
  ) {
    const c = conn as PreludeConnection
    if (!this.inner.rollbackToSavepoint) throw new Error('savepoints are not supported by this driver')
    await this.inner.rollbackToSavepoint(c.inner, name, compile)
  }

  async releaseSavepoint(
    conn: DatabaseConnection,
    name: string,
    compile: Parameters<NonNullable<Driver['releaseSavepoint']>>[2],
  ) {
    const c = conn as PreludeConnection
    if (!this.inner.releaseSavepoint) throw new Error('savepoints are not supported by this driver')
    await this.inner.releaseSavepoint(c.inner, name, compile)
  }
}

/** The dialect with its driver wrapped; everything else (compiler, adapter) is the dialect's own. */
export function withPrelude(dialect: Dialect, sender: PreludeSender): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new PreludeDriver(dialect.createDriver(), sender),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  }
}
