/**
 * Fixtures for the cross-tenant sweep, gathered from the modules: each module declares, for every
 * user-level operation whose path carries an id, how to create the resource as `owner` (its
 * `sweep` field). The sweep then calls the operation as another tenant and expects 404; it fails
 * for an id-bearing operation no module covers.
 */
import type { AnyModule } from '../../src/app/modules.ts'
import { modules } from '../../src/app/modules.ts'
import type { SweepFixture } from '../../src/modules/module.ts'

export type { SweepFixture, SweepTarget } from '../../src/modules/module.ts'

export function gatherSweepFixtures(list: readonly AnyModule[]): Record<string, SweepFixture> {
  const all: Record<string, SweepFixture> = {}
  for (const m of list)
    for (const [operationId, fixture] of Object.entries(m.sweep ?? {})) {
      if (operationId in all) throw new Error(`two modules declare a sweep fixture for ${operationId}`)
      all[operationId] = fixture
    }
  return all
}

export const sweepFixtures = gatherSweepFixtures(modules)
