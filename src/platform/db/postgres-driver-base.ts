/**
 * What the project's two Kysely drivers (pg-driver.ts, pglite-driver.ts) share: transaction control
 * as plain SQL on the connection, and the PostgreSQL dialect around a driver.
 */
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type TransactionSettings,
} from 'kysely'

/** `begin`/`start transaction …`, `commit` and `rollback`, sent on the connection itself. */
export abstract class SqlTransactionDriver implements Pick<
  Driver,
  'beginTransaction' | 'commitTransaction' | 'rollbackTransaction'
> {
  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const mode = [
      settings.isolationLevel ? `isolation level ${settings.isolationLevel}` : '',
      settings.accessMode ?? '',
    ].filter(Boolean)
    await conn.executeQuery(CompiledQuery.raw(mode.length ? `start transaction ${mode.join(' ')}` : 'begin'))
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'))
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'))
  }
}

/** Kysely's PostgreSQL adapter, compiler and introspector around the given driver. */
export function postgresDialect(createDriver: () => Driver): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver,
    createQueryCompiler: () => new PostgresQueryCompiler(),
    createIntrospector: (db) => new PostgresIntrospector(db),
  }
}
