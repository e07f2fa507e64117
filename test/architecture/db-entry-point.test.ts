/**
 * The database layer has one entry point: outside src/platform/db, code imports
 * src/platform/db/index.ts and no other file of that folder. The exceptions, and why
 * (src/platform/db/README.md says the same):
 *
 * - `declare module '…/platform/db/schema.ts'` in a `*.tables.ts` file: declaration merging names
 *   the module that declares `Database`. It is a type, never loaded.
 * - `…/platform/db/migrations/helpers.ts` from a migration (`migrations/*.ts`) or the DDL a migration
 *   shares (`*.ddl.ts`): the toolkit migrations are written with (`run`, `tenantRls`), imported by
 *   files that are frozen once shipped.
 * - White-box tests of the drivers' own pieces (test/db/, test/durability/) import the piece under
 *   test, for names the index does not export (the read lanes, the PGlite batch size, the lock file
 *   primitives); everything the index does export they take from it.
 */
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { describe, it } from 'node:test'

const ROOT = new URL('../../', import.meta.url).pathname
const DB = 'src/platform/db/'
const INDEX = `${DB}index.ts`
const HELPERS = `${DB}migrations/helpers.ts`
const SELF = 'test/architecture/db-entry-point.test.ts'
/** Folders of white-box tests, and the driver files they may import for what the index keeps private. */
const WHITE_BOX: Record<string, readonly string[]> = {
  'test/db/': ['pg-driver.ts', 'pglite-session.ts', 'read-lanes.ts', 'scoped-read.ts', 'statement-names.ts'],
  'test/durability/': ['data-dir-lock.ts', 'proc-stat.ts'],
}

// `import … from`, `export … from`, `import('…')`, `import '…'`: the names taken, when listed, and the path.
const IMPORT =
  /(?:\b(?:import|export)\s+(type\s+)?(\{[^}]*\}|\*\s+as\s+\w+|\*|\w+)?\s*(?:,\s*\{[^}]*\})?\s*from\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g
const AUGMENT = /\bdeclare\s+module\s+['"](\.{1,2}\/[^'"]+)['"]/g

interface Source {
  path: string
  text: string
}

/** The names an import list takes (`{ a, type B, c as d }` → a, B, c); `*` for a namespace or default. */
function taken(list: string | undefined): string[] {
  if (!list?.startsWith('{')) return ['*']
  return list
    .slice(1, -1)
    .split(',')
    .map(
      (n) =>
        n
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]!,
    )
    .filter(Boolean)
}

/** What src/platform/db/index.ts exports. */
export function indexExports(text: string): Set<string> {
  const names = new Set<string>()
  for (const [, list] of text.matchAll(/\bexport\s+(?:type\s+)?(\{[^}]*\})\s*from/g))
    for (const n of taken(list)) names.add(n)
  return names
}

/** `file → target` for each reach into src/platform/db past its index that no exception allows. */
export function deepImports(files: readonly Source[], exported: ReadonlySet<string>): string[] {
  const found: string[] = []
  for (const file of files) {
    if (file.path.startsWith(DB)) continue
    const resolve = (spec: string) => normalize(join(dirname(file.path), spec))
    for (const [, , list, spec] of file.text.matchAll(IMPORT)) {
      const target = resolve(spec!)
      if (!target.startsWith(DB) || target === INDEX) continue
      if (target === HELPERS && /(^|\/)migrations\/[^/]+\.ts$|\.ddl\.ts$/.test(file.path)) continue
      const folder = Object.keys(WHITE_BOX).find((f) => file.path.startsWith(f))
      const internal = folder && WHITE_BOX[folder]!.includes(target.slice(DB.length))
      if (internal && taken(list).every((n) => n !== '*' && !exported.has(n))) continue
      found.push(`${file.path} → ${target}`)
    }
    for (const [, spec] of file.text.matchAll(AUGMENT)) {
      const target = resolve(spec!)
      if (target.startsWith(DB) && !(target === `${DB}schema.ts` && file.path.endsWith('.tables.ts')))
        found.push(`${file.path} → ${target} (declare module)`)
    }
  }
  return found
}

const sources = (top: string): Source[] =>
  readdirSync(join(ROOT, top), { recursive: true, encoding: 'utf8' })
    .filter((p) => p.endsWith('.ts') && !p.split('/').includes('node_modules'))
    .map((p) => ({ path: `${top}/${p}`, text: readFileSync(join(ROOT, top, p), 'utf8') }))

describe('the database layer has one entry point (src/platform/db/index.ts)', () => {
  const exported = indexExports(readFileSync(join(ROOT, INDEX), 'utf8'))

  it('nothing outside src/platform/db imports its other files, but for the documented exceptions', () => {
    // This file's own planted imports (below) are not reaches.
    const files = ['src', 'test', 'bench', 'scripts'].flatMap(sources).filter((f) => f.path !== SELF)
    assert.deepEqual(deepImports(files, exported), [])
  })

  it('the check sees a reach past the index and lets each exception through, and only it', () => {
    const at = (path: string, text: string) => deepImports([{ path, text }], exported)
    const mod = 'src/modules/market/intel/'
    // Reaches it reports.
    assert.equal(
      at(`${mod}x.service.ts`, "import type { TenantScope } from '../../../platform/db/tenant-scope.ts'")
        .length,
      1,
    )
    assert.equal(
      at('src/platform/jobs/x.ts', "import type { DatabaseHandle } from '../db/database.ts'").length,
      1,
    )
    assert.equal(at('bench/x.ts', "const m = await import('../src/platform/db/pg-driver.ts')").length, 1)
    assert.equal(
      at(`${mod}x.service.ts`, "import { run } from '../../../platform/db/migrations/helpers.ts'").length,
      1,
    )
    assert.equal(at(`${mod}x.service.ts`, "declare module '../../../platform/db/schema.ts' {}").length, 1)
    // A white-box test takes from a driver file only what the index does not export.
    assert.equal(
      at('test/db/x.test.ts', "import { createScopes } from '../../src/platform/db/tenant-scope.ts'").length,
      1,
    )
    assert.equal(
      at('test/durability/x.test.ts', "import { LOCK_FILE } from '../../src/platform/db/data-dir-lock.ts'")
        .length,
      1,
    )
    assert.equal(
      at('test/http/x.test.ts', "import { ReadLanes } from '../../src/platform/db/read-lanes.ts'").length,
      1,
    )
    // What it allows.
    assert.deepEqual(
      at(`${mod}x.service.ts`, "import type { TenantScope } from '../../../platform/db/index.ts'"),
      [],
    )
    assert.deepEqual(at(`${mod}intel.tables.ts`, "declare module '../../../platform/db/schema.ts' {}"), [])
    assert.deepEqual(
      at(`${mod}migrations/0099_x.ts`, "import { run } from '../../../../platform/db/migrations/helpers.ts'"),
      [],
    )
    assert.deepEqual(
      at('test/db/x.test.ts', "import { ReadLanes } from '../../src/platform/db/read-lanes.ts'"),
      [],
    )
    assert.deepEqual(
      at('test/durability/x.test.ts', "import { lockDataDir } from '../../src/platform/db/data-dir-lock.ts'"),
      [],
    )
    assert.deepEqual(at(`${DB}database.ts`, "import { ReadLanes } from './read-lanes.ts'"), [])
  })

  it('the index exports what the rest of the code uses', () => {
    for (const name of ['createScopes', 'Scopes', 'TenantScope', 'Database', 'ownedTables', 'createDatabase'])
      assert.ok(exported.has(name), name)
  })
})
