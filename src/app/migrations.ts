/**
 * Every migration of the app: the platform's and each module's, ordered by name. Names carry one
 * global sequence number (`0009_brokers`), so two modules can never claim the same step.
 */
import {
  migrateToLatest as migrateList,
  type Migrations,
  pendingMigrations as pendingOf,
  platformMigrations,
} from '../platform/db/index.ts'
import { modules, type AnyModule } from './modules.ts'

export function collectMigrations(list: readonly AnyModule[]): Migrations {
  const all = [...platformMigrations, ...list.flatMap((m) => m.migrations)]
  const seen = new Map<string, string>()
  for (const [name] of all) {
    const step = /^(\d{4})_/.exec(name)?.[1]
    if (!step) throw new Error(`migration "${name}" must start with a four-digit step number`)
    const other = seen.get(step)
    if (other) throw new Error(`migrations "${other}" and "${name}" share step ${step}`)
    seen.set(step, name)
  }
  return all.sort(([a], [b]) => (a < b ? -1 : 1))
}

export const migrations = collectMigrations(modules)

type DatabaseHandle = Parameters<typeof migrateList>[0]

export const migrateToLatest = (handle: DatabaseHandle) => migrateList(handle, migrations)
export const pendingMigrations = (handle: DatabaseHandle) => pendingOf(handle, migrations)
