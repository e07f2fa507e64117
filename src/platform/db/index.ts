/**
 * The database layer's one entry point: everything outside src/platform/db imports it from here
 * (test/architecture/db-entry-point.test.ts; README.md in this folder lists the exceptions). What is
 * behind it — the PGlite session, the `pg` pipeline driver, read lanes, prepared statement names —
 * stays private to this folder.
 */

// Tenant scopes: how modules reach the database (RLS per transaction).
export {
  createScopes,
  type Scopes,
  type SystemScope,
  type TenantId,
  type TenantScope,
} from './tenant-scope.ts'

// Row types: `Database` (modules add their tables to it by declaration merging on schema.ts) and the
// column types and ownership list every `<domain>.tables.ts` uses.
export { PLATFORM_TABLES, type Database } from './schema.ts'
export { ownedTables, type CreatedAt, type NullableNumeric, type Numeric, type UpdatedAt } from './tables.ts'

// Rows passed as column arrays, so a statement of any number of rows keeps one text (prepared once).
export { anyOf, unnest, type ElementType } from './unnest.ts'
export { oneOf } from './literals.ts'

// A hot path's statement built and compiled by Kysely once, its values bound at every run.
export { compiledOnce, type Compiled } from './compiled-once.ts'

// Opening the database (the boot code only; ESLint keeps `createDatabase` out of everything else).
export {
  analyzeGrown,
  createDatabase,
  type CreateDatabaseOptions,
  type DatabaseHandle,
  type Engine,
  type PoolStats,
  type RawResult,
} from './database.ts'
export { DataDirLockedError, LOCK_FILE } from './data-dir-lock.ts'

// Migrations: applying the list, and the platform's own part of it.
export { migrateToLatest, pendingMigrations, type Migrations } from './migrate.ts'
export { platformMigrations, type NamedMigration } from './migrations/index.ts'
