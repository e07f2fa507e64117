/**
 * Prepared statements for both engines (ADR 0022): Kysely-built statements with parameters get a name
 * per SQL text, are parsed and planned once per session under it, and are then only bound and run.
 */
import type { CompiledQuery } from 'kysely'

const PREPARABLE = new Set([
  'SelectQueryNode',
  'InsertQueryNode',
  'UpdateQueryNode',
  'DeleteQueryNode',
  'MergeQueryNode',
])

/**
 * Statement names by SQL text, shared by the pool's connections; each connection prepares a name on
 * its first use (`pg` remembers which it has). At most `limit` texts get a name, so SQL generated with
 * a varying shape (an `in` list of any length) cannot grow every session without bound; the rest are
 * parsed each time, as before. Raw SQL and statements without parameters are never named (raw text may
 * hold several statements, which only the simple protocol runs).
 */
export class StatementNames {
  #names = new Map<string, string>()
  #generation = 0

  constructor(readonly limit: number) {}

  nameFor(query: CompiledQuery): string | undefined {
    if (this.limit === 0 || query.parameters.length === 0) return undefined
    if (!PREPARABLE.has((query.query as { kind: string }).kind)) return undefined
    let name = this.#names.get(query.sql)
    if (name === undefined && this.#names.size < this.limit)
      this.#names.set(query.sql, (name = `sx${this.#generation}_${this.#names.size}`))
    return name
  }

  /**
   * A column type changed under a prepared statement ("cached plan must not change result type", as
   * when another process migrates while this one runs): new names from now on, so every connection
   * prepares the new shape. Only the statement that met the change fails.
   */
  forget(): void {
    this.#names.clear()
    this.#generation++
  }
}

export const isStalePlan = (err: unknown) =>
  (err as { code?: string }).code === '0A000' && /cached plan must not change result type/.test(String(err))
