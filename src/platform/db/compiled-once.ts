/**
 * Statements that run on every request of a hot path, built and compiled by Kysely once: each run
 * binds its values into the compiled text. Kysely builds and compiles a statement on every
 * execution, which for a small select costs ~0.1–0.3 ms of CPU on the 2-core machine
 * (bench/README.md), about what PGlite takes to run it. The SQL text and the query's tree are the
 * same every run, so the drivers treat the statement as before (a leading read stays one; one name
 * prepared per text).
 *
 * The builder is called once with placeholders for its values; a value may only be bound (compared,
 * inserted, or passed whole as an array: `anyOf`), never decide the shape of the SQL (an `is null`,
 * a list's length, which columns).
 */
import type { CompiledQuery, Compilable } from 'kysely'
import type { TenantScope } from './tenant-scope.ts'

/** Where a value goes: the compiled statement holds it as one of its parameters. */
class Slot {
  constructor(readonly path: readonly string[]) {}
}

/** A placeholder for the value at `path` of the run's values, and (its properties) for theirs. */
function slot(path: readonly string[]): unknown {
  return new Proxy(new Slot(path), {
    get: (target, key) =>
      typeof key === 'symbol' || key === 'path' ? target[key as 'path'] : slot([...path, key]),
  })
}

const TENANT = ['\0tenant']

/** How a run finds one parameter's value: the tenant's id, a path into its values, or a constant. */
type Source = { tenant: true } | { path: readonly string[] } | { constant: unknown }

const valueAt = (values: unknown, path: readonly string[]) =>
  path.reduce<unknown>((v, key) => (v as Record<string, unknown>)[key], values)

/** A statement compiled once: run it in a scope, or take it bound (for `Scopes.statementAlone`). */
export interface Compiled<P, R> {
  (s: TenantScope, p: P): Promise<R[]>
  bound(s: TenantScope, p: P): CompiledQuery<R>
}

/**
 * `build(s, p)` compiled on its first run, with the tenant's id and each of `p`'s values as
 * parameters; later runs bind the new values into that compiled statement.
 */
export function compiledOnce<P extends object, R>(
  build: (s: TenantScope, p: P) => Compilable<R>,
): Compiled<P, R> {
  let compiled: { query: CompiledQuery<R>; sources: Source[] } | undefined
  const bound = (s: TenantScope, p: P): CompiledQuery<R> => {
    compiled ??= compile(s, build)
    const parameters = compiled.sources.map((v) =>
      'tenant' in v ? s.tenantId : 'path' in v ? valueAt(p, v.path) : v.constant,
    )
    return { ...compiled.query, parameters }
  }
  const run = async (s: TenantScope, p: P) => (await s.db.executeQuery<R>(bound(s, p))).rows
  return Object.assign(run, { bound })
}

function compile<P extends object, R>(
  s: TenantScope,
  build: (s: TenantScope, p: P) => Compilable<R>,
): { query: CompiledQuery<R>; sources: Source[] } {
  const holes = { tenantId: new Slot(TENANT) as unknown as number, db: s.db }
  const query = build(holes, slot([]) as P).compile()
  // Resolved here once: a placeholder is a proxy, and reading it at every run goes through its trap.
  const sources = query.parameters.map((v): Source => {
    if (!(v instanceof Slot)) return { constant: v }
    const path = v.path
    return path === TENANT ? { tenant: true } : { path: [...path] }
  })
  return { query, sources }
}
