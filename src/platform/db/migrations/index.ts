/**
 * The platform's migrations: the tables it owns and the shared history written before each module
 * carried its own (0001 also created identity's and tenancy's first tables, 0004 intel's and
 * transcripts', 0005 rewrote every tenant policy). Modules declare theirs in their folder; the app
 * orders all of them by name (src/app/migrations.ts). Never edit one that has shipped.
 */
import type { Migration } from 'kysely'
import * as m0001 from './0001_platform.ts'
import * as m0004 from './0004_intel.ts'
import * as m0005 from './0005_query_speed.ts'

export type NamedMigration = readonly [name: string, migration: Migration]

export const platformMigrations: ReadonlyArray<NamedMigration> = [
  ['0001_platform', m0001],
  ['0004_intel', m0004],
  ['0005_query_speed', m0005],
]
