/**
 * A Kysely driver for a `pg` pool in pipeline mode, small enough to own: Kysely's PostgresDriver
 * keeps the `pg` client private, and the prelude (scope-driver.ts) needs it to put several queries on
 * the wire in one write. Same result mapping as Kysely's driver; no streaming (pipelining refuses
 * cursors, and nothing here streams).
 *
 * Kysely-built statements with parameters are prepared once per connection under a name and then
 * only bound and executed (ADR 0022): parsing and planning every statement again was half of
 * PostgreSQL's CPU per tenant-scoped read.
 */
import type { Socket } from 'node:net'
import { CompiledQuery, type DatabaseConnection, type Dialect, type Driver, type QueryResult } from 'kysely'
import type pg from 'pg'
import { postgresDialect, SqlTransactionDriver } from './postgres-driver-base.ts'
import type { Prelude, PreludeSender } from './scope-driver.ts'
import type { ReadLanes } from './read-lanes.ts'
import { scopedRead, type ScopeValues } from './scoped-read.ts'
import { isStalePlan, StatementNames } from './statement-names.ts'

const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE'])

/**
 * A Kysely connection whose pooled client is taken on its first statement that needs one: a scope
 * whose statements are all leading reads runs them on the shared read lanes (read-lanes.ts) and never
 * holds a pooled connection.
 */
export class PgConnection implements DatabaseConnection {
  #client: Promise<pg.PoolClient> | undefined
  #taken: pg.PoolClient | undefined
  #released = false

  constructor(
    private readonly pool: pg.Pool,
    private readonly names: StatementNames,
    private readonly lanes: ReadLanes | undefined,
  ) {}

  /** The pooled client, taken now if it was not yet; never after release (it would never go back). */
  client(): Promise<pg.PoolClient> {
    if (this.#released)
      return Promise.reject(new Error('a database connection was used after its scope ended'))
    this.#client ??= this.pool.connect().then((c) => (this.#taken = c))
    return this.#client
  }

  /** Gives the pooled client back, if one was taken (or once it is, if it is still coming). */
  release(): void {
    this.#released = true
    if (this.#taken) this.#taken.release()
    else
      this.#client?.then(
        (c) => c.release(),
        () => undefined,
      )
  }

  /** The pooled client if one was taken (a read-only scope on the lanes has none). */
  get taken(): pg.PoolClient | undefined {
    return this.#taken
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.queryOn<R>(await this.client(), query)
  }

  /** Runs `query` on `client`, written before this returns (so a corked socket holds it). */
  queryOn<R>(client: pg.PoolClient, query: CompiledQuery): Promise<QueryResult<R>> {
    return this.#run<R>(query, (name, values) =>
      name
        ? client.query<R & pg.QueryResultRow>({ name, text: query.sql, values })
        : client.query<R & pg.QueryResultRow>(query.sql, values),
    )
  }

  /**
   * A scope's leading read, its settings bound in the same batch (scoped-read.ts): on a read lane
   * when one is ready, else on this connection's own client. A write sent alone (`writes`) always
   * takes this connection's client: it may wait for a row lock, which would hold up a lane's reads.
   */
  scopedRead<R>(scope: ScopeValues, query: CompiledQuery, writes = false): Promise<QueryResult<R>> {
    return this.#run<R>(query, (name) => {
      const send = (c: pg.ClientBase) => scopedRead<R & pg.QueryResultRow>(c, scope, query, name)
      return (writes ? undefined : this.lanes?.run(send)) ?? this.client().then(send)
    })
  }

  async #run<R>(
    query: CompiledQuery,
    send: (name: string | undefined, values: unknown[]) => Promise<pg.QueryResult<R & pg.QueryResultRow>>,
  ): Promise<QueryResult<R>> {
    const name = this.names.nameFor(query)
    let r: pg.QueryResult<R & pg.QueryResultRow>
    try {
      r = await send(name, [...query.parameters])
    } catch (err) {
      if (name && isStalePlan(err)) this.names.forget()
      throw err
    }
    return {
      rows: r.rows ?? [],
      ...(WRITES.has(r.command) ? { numAffectedRows: BigInt(r.rowCount ?? 0) } : {}),
    }
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported: the pool runs in pipeline mode, which refuses cursors')
  }

  /** Queues the writes of `send` in the socket and flushes them as one (the queries stay in order). */
  async corked<T>(send: (client: pg.PoolClient) => T): Promise<T> {
    const client = await this.client()
    const stream = socketOf(client)
    stream?.cork()
    try {
      return send(client)
    } finally {
      stream?.uncork()
    }
  }
}

// `pg` keeps its socket on client.connection.stream; undefined if a future version moves it (then
// every write simply goes out on its own).
function socketOf(client: pg.PoolClient): Socket | undefined {
  const stream = (client as unknown as { connection?: { stream?: Socket } }).connection?.stream
  return typeof stream?.cork === 'function' ? stream : undefined
}

class PgDriver extends SqlTransactionDriver implements Driver {
  constructor(
    private readonly pool: pg.Pool,
    private readonly names: StatementNames,
    private readonly lanes: ReadLanes | undefined,
  ) {
    super()
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PgConnection(this.pool, this.names, this.lanes) // takes a pooled client on first need
  }

  async savepoint(conn: DatabaseConnection, name: string): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw(`savepoint ${identifier(name)}`, []))
  }

  async rollbackToSavepoint(conn: DatabaseConnection, name: string): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw(`rollback to savepoint ${identifier(name)}`, []))
  }

  async releaseSavepoint(conn: DatabaseConnection, name: string): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw(`release savepoint ${identifier(name)}`, []))
  }

  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    ;(conn as PgConnection).release()
  }

  async destroy(): Promise<void> {
    await this.lanes?.close()
    if (!this.pool.ended) await this.pool.end()
  }
}

function identifier(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`invalid savepoint name ${name}`)
  return name
}

/**
 * `statementCache`: how many SQL texts are prepared per connection (0: none; see StatementNames).
 * `lanes`: the shared connections for leading reads (read-lanes.ts); absent, each scope uses its own.
 */
export function pgDialect(pool: pg.Pool, statementCache: number, lanes?: ReadLanes): Dialect {
  const names = new StatementNames(statementCache)
  return postgresDialect(() => new PgDriver(pool, names, lanes))
}

/**
 * The prelude and the first query in one write, and a read-only transaction's COMMIT written without
 * waiting for its answer: it is held in the socket until the next turn of the event loop, so under load
 * it leaves together with the next transaction's prelude and query on the same connection.
 */
export function pipelinedPrelude(onBackgroundError: (err: Error) => void): PreludeSender {
  return {
    async send<R>(conn: DatabaseConnection, prelude: Prelude, query: CompiledQuery) {
      const c = conn as PgConnection
      const [first, second] = await c.corked(
        (client) => [client.query(prelude.text), c.queryOn<R>(client, query)] as const,
      )
      const [a, b] = await Promise.allSettled([first, second])
      if (a.status === 'rejected') throw a.reason // the query failed because of it (aborted transaction)
      if (b.status === 'rejected') throw b.reason
      return b.value
    },
    readFirst<R>(conn: DatabaseConnection, scope: ScopeValues, query: CompiledQuery, writes?: boolean) {
      return (conn as PgConnection).scopedRead<R>(scope, query, writes)
    },
    commitRead(conn: DatabaseConnection) {
      const client = (conn as PgConnection).taken
      if (!client) return // nothing was sent on a connection of its own: nothing to commit
      const stream = socketOf(client)
      stream?.cork()
      client.query('commit').catch(onBackgroundError)
      if (stream) setImmediate(() => stream.uncork())
    },
  }
}
