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

/**
 * The names recorded as applied, read with one cheap query; null when the table does not exist yet.
 * Kysely's Migrator introspects the whole catalogue several times before it knows there is nothing to
 * do, which was a tenth of the start-up time.
 */
async function appliedNames(handle: DatabaseHandle): Promise<Set<string> | null> {
  const exists = await handle.raw(`select to_regclass('public.kysely_migration') is not null as present`)
  if (!exists.rows[0]?.['present']) return null
  const { rows } = await handle.raw('select name from kysely_migration')
  return new Set(rows.map((r) => String(r['name'])))
}

export async function migrateToLatest(handle: DatabaseHandle, migrations: Migrations): Promise<string[]> {
  const applied = await appliedNames(handle)
  // Exactly these applied: nothing to run, no lock to take. Anything else goes to the Migrator, which also
  // refuses a database that ran a migration this code does not know.
  if (applied?.size === migrations.length && migrations.every(([name]) => applied.has(name))) return []
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
  const applied = await appliedNames(handle)
  if (applied) return migrations.filter(([name]) => !applied.has(name)).map(([name]) => name)
  const all = await migrator(handle, migrations).getMigrations()
  return all.filter((m) => !m.executedAt).map((m) => m.name)
}
