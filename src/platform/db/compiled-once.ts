/**
 * Statements the gate runs on every order, built and compiled by Kysely once: each run binds its
 * values into the compiled text. Kysely builds and compiles a statement on every execution, which
 * for the gate's read and its write cost ~0.3 and ~0.2 ms of CPU per order on the 2-core machine
 * (bench/README.md), about what PGlite takes to run them. The SQL text and the query's tree are the
 * same every run, so the drivers treat the statement as before (a leading read stays one; one name
 * prepared per text).
 *
 * The builder is called once with placeholders for its values; a value may only be bound (compared,
 * inserted), never decide the shape of the SQL (an `is null`, a list's length, which columns).
 */
import type { CompiledQuery, Compilable } from 'kysely'
import type { TenantScope } from '../../../../platform/db/index.ts'

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
  let compiled: CompiledQuery<R> | undefined
  const bound = (s: TenantScope, p: P): CompiledQuery<R> => {
    compiled ??= compile(s, build)
    const parameters = compiled.parameters.map((v) =>
      v instanceof Slot ? (v.path === TENANT ? s.tenantId : valueAt(p, v.path)) : v,
    )
    return { ...compiled, parameters }
  }
  const run = async (s: TenantScope, p: P) => (await s.db.executeQuery<R>(bound(s, p))).rows
  return Object.assign(run, { bound })
}

function compile<P extends object, R>(
  s: TenantScope,
  build: (s: TenantScope, p: P) => Compilable<R>,
): CompiledQuery<R> {
  const holes = { tenantId: new Slot(TENANT) as unknown as number, db: s.db }
  return build(holes, slot([]) as P).compile()
}
