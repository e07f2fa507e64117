/** Applies the migration list (Kysely Migrator) and reports whether the schema is current. */
import { Migrator, type MigrationProvider, type MigrationResultSet } from 'kysely'
import type { DatabaseHandle } from './database.ts'
import { migrations } from './migrations/index.ts'

const provider: MigrationProvider = {
  getMigrations: async () => Object.fromEntries(migrations.map(([name, m]) => [name, m])),
}

function migrator(handle: DatabaseHandle): Migrator {
  return new Migrator({ db: handle.db, provider })
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const result: MigrationResultSet = await migrator(handle).migrateToLatest()
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown'
    throw new Error(
      `migration ${failed} failed: ${result.error instanceof Error ? result.error.message : JSON.stringify(result.error)}`,
      { cause: result.error },
    )
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}

/** Names of migrations not yet applied (empty when the schema is current). */
export async function pendingMigrations(handle: DatabaseHandle): Promise<string[]> {
  const all = await migrator(handle).getMigrations()
  return all.filter((m) => !m.executedAt).map((m) => m.name)
}
