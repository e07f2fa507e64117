/**
 * Saved screens of one surface: a user's named, validated screen specs. Names are unique per user
 * and surface (409 `screener.name_taken`); the plan's `saved_screens` limit counts the tenant's
 * screens on both surfaces (402 `plan.limit_reached`). Another tenant's or user's id → 404.
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { ConflictError, NotFoundError, UnprocessableError } from '../../../platform/http/errors.ts'
import type { EntitlementsService } from '../../accounts/tenancy/index.ts'
import * as repo from './saved.repository.ts'
import type { Surface } from './screener.tables.ts'
import type { ScreenSpec } from './lib/spec.ts'
import { checkedSpec } from './run.service.ts'

export const SAVED_SCREENS = 'saved_screens'

export interface SavedScreen {
  id: number
  name: string
  surface: Surface
  spec: ScreenSpec
  created_at: string
}

const toOut = (r: repo.SavedRow): SavedScreen => ({
  id: Number(r.id),
  name: r.name,
  surface: r.surface,
  spec: r.spec as ScreenSpec,
  created_at: r.created_at.toISOString(),
})

export class SavedService {
  constructor(
    private readonly deps: { scopes: Scopes; entitlements: Pick<EntitlementsService, 'limitGuard'> },
  ) {}

  async list(scope: RequestScope, surface: Surface): Promise<{ items: SavedScreen[] }> {
    const rows = await this.deps.scopes.withTenant(scope.tenantId, (s) =>
      repo.listSaved(s, scope.userId, surface),
    )
    return { items: rows.map(toOut) }
  }

  async create(
    scope: RequestScope,
    surface: Surface,
    body: { name: string; spec: Omit<ScreenSpec, 'filters'> & { filters: unknown } },
  ): Promise<SavedScreen> {
    const spec = checkedSpec(body.spec, ['body', 'spec'])
    const name = body.name.trim()
    if (!name) throw UnprocessableError.field(['body', 'name'], 'name must not be blank')
    const withinLimit = await this.deps.entitlements.limitGuard(scope, SAVED_SCREENS)
    const row = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      withinLimit(await repo.countSaved(s))
      return repo.insertSaved(s, { user_id: scope.userId, surface, name, spec })
    })
    if (!row) throw new ConflictError('screener.name_taken', `A saved screen named "${name}" already exists`)
    return toOut(row)
  }

  async remove(scope: RequestScope, surface: Surface, id: number): Promise<{ deleted: number }> {
    const ok = await this.deps.scopes.withTenant(scope.tenantId, (s) =>
      repo.deleteSaved(s, scope.userId, surface, id),
    )
    if (!ok) throw new NotFoundError('screener.screen_not_found', `No saved screen ${id}`)
    return { deleted: id }
  }
}
