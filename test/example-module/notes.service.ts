/** Notes: the rules (a note is the caller's tenant's), short tenant transactions, typed errors. */
import type { RequestScope } from '../../src/platform/auth/scope.ts'
import type { Scopes } from '../../src/platform/db/index.ts'
import { NotFoundError } from '../../src/platform/http/errors.ts'
import * as repo from './notes.repository.ts'

export class NotesService {
  constructor(private readonly deps: { scopes: Scopes }) {}

  create(scope: RequestScope, text: string) {
    return this.deps.scopes.withTenant(scope.tenantId, (s) => repo.insertNote(s, text))
  }

  async get(scope: RequestScope, id: number) {
    const note = await this.deps.scopes.withTenant(scope.tenantId, (s) => repo.findNote(s, id))
    if (!note) throw new NotFoundError('notes.not_found', 'Note not found')
    return note
  }
}
