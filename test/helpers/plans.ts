/**
 * Plans as PostgreSQL caches them, for tests of which index a statement reads: a repository's
 * statement captured as Kysely compiles it, then prepared and explained as a generic plan.
 */
import assert from 'node:assert/strict'
import type { CompiledQuery, KyselyPlugin } from 'kysely'
import type { SystemScope, TenantScope } from '../../src/platform/db/index.ts'
import type { TestDatabase } from './database.ts'

let n = 0

/**
 * The indexes (or sequential scans) the cached generic plan of `query` reads `table` through;
 * `seqscan: false` for a statement that reads all its index covers, which an empty table's sequential
 * scan beats: then the plan shows whether the index can serve it at all.
 */
export async function planScans(
  tdb: TestDatabase,
  query: CompiledQuery,
  table: string,
  o = { seqscan: true },
): Promise<string[]> {
  const nulls = query.parameters.map(() => 'null').join(', ')
  const name = `plan_${++n}`
  // Set on every call, in the one call that plans: a pooled connection keeps its settings.
  const plan = await tdb.handle.raw(
    `set plan_cache_mode = force_generic_plan;
     set enable_seqscan = ${o.seqscan ? 'on' : 'off'};
     prepare ${name} as ${query.sql};
     explain execute ${name}${nulls ? `(${nulls})` : ''}`,
  )
  const text = plan.rows.map((r) => String(r['QUERY PLAN'])).join('\n')
  const scans = [
    ...text.matchAll(/(Seq Scan|Index Scan|Index Only Scan)(?: Backward)? (?:using (\S+) )?on (\S+)/g),
  ]
    .filter((m) => m[3] === table)
    .map((m) => m[2] ?? m[1]!)
  // A bitmap scan names its index only: every index here is named after its table.
  const bitmaps = [...text.matchAll(/Bitmap Index Scan on (\S+)/g)]
    .map((m) => m[1]!)
    .filter((i) => i.startsWith(table))
  return [...scans, ...bitmaps]
}

/** The statement a repository function runs, captured as Kysely compiles it (then run on empty tables). */
export async function capturedStatement(
  tdb: TestDatabase,
  run: (scope: TenantScope & SystemScope) => Promise<unknown>,
): Promise<CompiledQuery> {
  let query: CompiledQuery | undefined
  const capture: KyselyPlugin = {
    transformQuery: (args) => {
      query ??= tdb.handle.db.getExecutor().compileQuery(args.node, args.queryId)
      return args.node
    },
    transformResult: async (args) => args.result,
  }
  const s = { db: tdb.handle.db.withPlugin(capture), tenantId: 1 } as unknown as TenantScope & SystemScope
  // What runs after the captured statement may fail on the new database (no tenant row to refer to).
  await run(s).catch((err: unknown) => {
    if (!query) throw err
  })
  assert.ok(query, 'a statement ran')
  return query
}
