/**
 * Fewer round trips per scoped transaction (ADR 0020). Kysely's transaction sends `BEGIN`, then the
 * scope's `set_config` statement, then the work, then `COMMIT`: four round trips for a one-query
 * read. This driver wrapper defers `BEGIN`, folds the scope's settings into it as one simple-protocol
 * statement (the "prelude"), and sends that prelude together with the transaction's first real
 * query:
 *
 * - PostgreSQL (`pg` in pipeline mode): prelude and query leave in one flush; one round trip, then
 *   `COMMIT`.
 * - PGlite (in-process, nothing to pipeline): the prelude is one `exec` call instead of two queries.
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

/** How an engine sends the prelude with a query; `simple` runs multi-statement SQL text. */
export interface PreludeSender {
  send<R>(conn: DatabaseConnection, prelude: string, query: CompiledQuery): Promise<QueryResult<R>>
}

/** PGlite: the prelude as one `exec`, then the query (the connection is held, so nothing interleaves). */
export const sequentialPrelude = (simple: (sql: string) => Promise<unknown>): PreludeSender => ({
  async send(conn, prelude, query) {
    await simple(prelude)
    return conn.executeQuery(query)
  },
})

/**
 * `pg` with `pipeline: true`: both are written before either answer is read. `client.query` with no
 * values uses the simple protocol, which accepts the prelude's two statements.
 */
export const pipelinedPrelude: PreludeSender = {
  async send<R>(conn: DatabaseConnection, prelude: string, query: CompiledQuery) {
    const first = conn.executeQuery(CompiledQuery.raw(prelude))
    const second = conn.executeQuery<R>(query)
    const [a, b] = await Promise.allSettled([first, second])
    if (a.status === 'rejected') throw a.reason // the query failed because of it (aborted transaction)
    if (b.status === 'rejected') throw b.reason
    return b.value
  },
}

const SETTINGS = new WeakSet<CompiledQuery>()
const TENANT = /^(?:[1-9][0-9]{0,18})?$/

/**
 * The scope's settings as a statement for the prelude. The values are inlined (the simple protocol
 * has no parameters), so they are checked to be exactly what may be inlined: a tenant id of digits or
 * nothing, and `on`/`off`.
 */
export function scopeSettings(tenant: string, system: 'on' | 'off'): CompiledQuery {
  if (!TENANT.test(tenant)) throw new Error(`invalid tenant setting ${JSON.stringify(tenant)}`)
  if (system !== 'on' && system !== 'off') throw new Error(`invalid system setting ${String(system)}`)
  const q = CompiledQuery.raw(
    `select set_config('app.tenant_id', '${tenant}', true), set_config('app.system', '${system}', true), ` +
      `set_config('role', 'sextant_app', true)`,
  )
  SETTINGS.add(q)
  return q
}

class PreludeConnection implements DatabaseConnection {
  /** SQL text waiting to go out before the next query: `begin`, then the settings appended. */
  pending: string | null = null

  constructor(
    readonly inner: DatabaseConnection,
    private readonly sender: PreludeSender,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.pending === null) return this.inner.executeQuery(query)
    if (SETTINGS.has(query)) {
      this.pending = `${this.pending}; ${query.sql}`
      return { rows: [] }
    }
    const prelude = this.pending
    this.pending = null
    return this.sender.send(this.inner, prelude, query)
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    await this.flush()
    yield* this.inner.streamQuery<R>(query, chunkSize)
  }

  /** Sends a waiting prelude on its own (before a stream or a savepoint). */
  async flush(): Promise<void> {
    if (this.pending === null) return
    const prelude = this.pending
    this.pending = null
    await this.sender.send(this.inner, prelude, CompiledQuery.raw('select 1'))
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
    await this.inner.releaseConnection(c.inner)
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const c = conn as PreludeConnection
    if (settings.isolationLevel || settings.accessMode) return this.inner.beginTransaction(c.inner, settings)
    c.pending = 'begin'
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    const c = conn as PreludeConnection
    if (c.pending !== null)
      c.pending = null // nothing was sent: there is nothing to commit
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
