/** Applies the migration list (Kysely Migrator) and reports whether the schema is current. */
import { Migrator, type MigrationProvider, type MigrationResultSet } from 'kysely'
import type { DatabaseHandle } from './database.ts'
import type { NamedMigration } from './migrations/index.ts'

/** The app's migrations: the platform's and every module's (src/app/migrations.ts composes them). */
export type Migrations = ReadonlyArray<NamedMigration>

function migrator(handle: DatabaseHandle, migrations: Migrations): Migrator {
  const provider: MigrationProvider = { getMigrations: async () => Object.fromEntries(migrations) }
  return new Migrator({ db: handle.db, provider })
}

export async function migrateToLatest(handle: DatabaseHandle, migrations: Migrations): Promise<string[]> {
  const result: MigrationResultSet = await migrator(handle, migrations).migrateToLatest()
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
export async function pendingMigrations(handle: DatabaseHandle, migrations: Migrations): Promise<string[]> {
  const all = await migrator(handle, migrations).getMigrations()
  return all.filter((m) => !m.executedAt).map((m) => m.name)
}
