/**
 * A scope's leading read as one extended-protocol batch with no BEGIN and no COMMIT (ADR 0025):
 *
 *   Bind/Execute  select set_config('app.tenant_id', $1, true), set_config('app.system', $2, true),
 *                        set_config('role', 'sextant_app', true)
 *   Parse?/Bind/Describe/Execute  the query
 *   Sync
 *
 * Everything up to Sync is one implicit transaction, so the three settings are local to it exactly as
 * `set local` is to an explicit one: the query runs under RLS as `sextant_app` for that tenant, and
 * Sync ends the transaction and the settings with it. If the settings statement fails, the server
 * skips every message up to Sync, so the query never runs unscoped.
 */
import pg from 'pg'
import type { CompiledQuery } from 'kysely'

/** The settings statement, prepared once per session under this name. */
export const SETTINGS_NAME = 'sx_scope'
export const SETTINGS_SQL =
  "select set_config('app.tenant_id', $1, true), set_config('app.system', $2, true), " +
  "set_config('role', 'sextant_app', true)"

/** A scope's settings as the statement's two parameters (scope-driver.ts checks them). */
export interface ScopeValues {
  readonly tenant: string
  readonly system: 'on' | 'off'
}

// What `pg`'s Connection offers the queries it runs (not in @types/pg).
interface Wire {
  parse(m: { text: string; name: string }): void
  bind(m: { portal?: string; statement: string; values: unknown[] }): void
  execute(m: { portal?: string; rows?: number }): void
  close(m: { type: 'S'; name: string }): void
}

// pg.Query's protocol hooks, which @types/pg leaves out.
const Base = pg.Query as unknown as new (config: pg.QueryConfig) => pg.Query & {
  prepare(connection: unknown): void
  handleDataRow(msg: unknown): void
  handleCommandComplete(msg: unknown, connection: unknown): void
  handleError(err: Error, connection: unknown): void
}

/**
 * Sessions whose settings statement has been sent. Kept here rather than in pg's own bookkeeping,
 * which credits a ParseComplete to the query of the batch. Messages run in order, so once the Parse
 * is on the wire later batches may bind it; if a batch fails before the settings ran, the session is
 * forgotten and the next batch closes and parses the statement again (closing an unknown one is no error).
 */
const prepared = new WeakSet<object>()

/**
 * `pg`'s query with the settings statement written ahead of it in the same batch. The settings'
 * answer (one data row, its CommandComplete; no RowDescription, as it is not described) reaches this
 * query first and is dropped; the rest is the query's own, which `pg` handles as usual.
 */
export class ScopedRead extends Base {
  #settingsPending = true

  constructor(
    config: pg.QueryConfig,
    private readonly scope: ScopeValues,
  ) {
    super({ ...config, queryMode: 'extended' } as pg.QueryConfig)
  }

  override prepare(connection: unknown): void {
    const wire = connection as Wire
    if (!prepared.has(wire)) {
      wire.close({ type: 'S', name: SETTINGS_NAME })
      wire.parse({ text: SETTINGS_SQL, name: SETTINGS_NAME })
      prepared.add(wire)
    }
    wire.bind({ statement: SETTINGS_NAME, values: [this.scope.tenant, this.scope.system] })
    wire.execute({})
    super.prepare(connection)
  }

  override handleDataRow(msg: unknown): void {
    if (!this.#settingsPending) super.handleDataRow(msg)
  }

  override handleCommandComplete(msg: unknown, connection: unknown): void {
    if (this.#settingsPending) this.#settingsPending = false
    else super.handleCommandComplete(msg, connection)
  }

  override handleError(err: Error, connection: unknown): void {
    if (this.#settingsPending) prepared.delete(connection as object)
    super.handleError(err, connection)
  }
}

/** Runs `query` as the scope's leading read on `client` (see the file's comment). */
export function scopedRead<R extends pg.QueryResultRow>(
  client: pg.ClientBase,
  scope: ScopeValues,
  query: CompiledQuery,
  name: string | undefined,
): Promise<pg.QueryResult<R>> {
  return new Promise((resolve, reject) => {
    const q = new ScopedRead(
      { text: query.sql, values: [...query.parameters], ...(name ? { name } : {}) },
      scope,
    )
    ;(q as unknown as { callback: (err: Error | null, res?: pg.QueryResult<R>) => void }).callback = (
      err,
      res,
    ) => (err ? reject(err) : resolve(res!))
    void client.query(q as unknown as pg.QueryConfig)
  })
}
