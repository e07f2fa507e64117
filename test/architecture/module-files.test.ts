/**
 * The files of a module (CONTRIBUTING.md, "Names"): each is `<resource>.<kind>.ts` with a kind the
 * Names table documents, a unit test beside the file it tests, `index.ts`, `README.md`, or lives in
 * `lib/`, `migrations/`, `web/` or `help/` (markdown articles). The kinds are read from the table, so a new kind is documented
 * before any file may use it. Every module that owns tenant data keeps its cross-tenant sweep
 * fixtures in `<module>.sweep.ts` (an empty list with its reason when no path carries an id).
 */
import assert from 'node:assert/strict'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, it } from 'node:test'
import { sql } from 'kysely'
import { modules } from '../../src/app/modules.ts'
import { createTestDatabase } from '../helpers/database.ts'
import { moduleFolder, moduleLayout } from '../helpers/module-folders.ts'

const ROOT = new URL('../../', import.meta.url).pathname

/** The kinds CONTRIBUTING.md's Names table documents, one row each: "| kind `routes` | … |". */
function documentedKinds(): Set<string> {
  const text = readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8')
  return new Set([...text.matchAll(/^\| kind `([a-z-]+)` +\|/gm)].map((m) => m[1]!))
}

/** Folders whose files follow their own rules: pure code, migrations, static pages, help articles. */
const FREE_FOLDERS = new Set(['lib', 'migrations', 'web', 'help'])
const PLAIN = new Set(['index.ts', 'README.md'])

/**
 * Each file (relative to its module folder) that is not a documented kind, nor a test beside one,
 * nor in a free folder, nor `index.ts` or `README.md`; with why.
 */
function kindFindings(files: readonly string[], kinds: ReadonlySet<string>): string[] {
  const present = new Set(files)
  const named = (file: string): boolean => {
    const base = file.split('/').at(-1)!
    const m = /^[a-z0-9]+(?:-[a-z0-9]+)*\.([a-z]+)\.ts$/.exec(base)
    return m !== null && kinds.has(m[1]!)
  }
  const findings: string[] = []
  for (const file of files) {
    const parts = file.split('/')
    if (parts.slice(0, -1).some((p) => FREE_FOLDERS.has(p)) || PLAIN.has(parts.at(-1)!)) continue
    if (file.endsWith('.test.ts')) {
      // `<file>.test.ts`, or `<file>.<topic>.test.ts` for one of several tests of `<file>.ts`.
      const plain = file.replace(/\.test\.ts$/, '.ts')
      const topical = /^(.+)\.[a-z0-9-]+\.test\.ts$/.exec(file)?.[1]
      const tested = present.has(plain) || !topical || !present.has(`${topical}.ts`) ? plain : `${topical}.ts`
      if (!present.has(tested)) findings.push(`${file}: a test beside no ${tested.split('/').at(-1)}`)
      else if (!named(tested)) findings.push(`${file}: tests a file of no documented kind`)
    } else if (!named(file)) findings.push(`${file}: not <resource>.<kind>.ts with a documented kind`)
  }
  return findings
}

const filesOf = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(join(ROOT, dir), join(e.parentPath, e.name)))
    .sort()

/** The sweep rule for one module: where its fixtures must live, and whether they do. */
function sweepFinding(dir: string, name: string, ownsTenantData: boolean, hasSweep: boolean) {
  const file = `${name}.sweep.ts`
  const index = readFileSync(join(ROOT, dir, 'index.ts'), 'utf8')
  if (!(ownsTenantData || hasSweep)) return null
  if (!existsSync(join(ROOT, dir, file))) return `${dir}${file}: missing`
  if (!index.includes(`from './${file}'`)) return `${dir}index.ts: its sweep is not taken from ${file}`
  return null
}

describe('module files', () => {
  const kinds = documentedKinds()

  it('CONTRIBUTING.md documents the kinds, one line each', () => {
    for (const k of ['routes', 'schemas', 'service', 'repository', 'tables', 'examples', 'sweep', 'job'])
      assert.ok(kinds.has(k), `kind ${k}`)
  })

  it('every module file is a documented kind, a test beside one, or in lib/, migrations/ or web/', () => {
    const findings = moduleLayout(ROOT).modules.flatMap((m) =>
      kindFindings(filesOf(m.path), kinds).map((f) => `${m.path}${f}`),
    )
    assert.deepEqual(findings, [])
  })

  it('the example module follows the same names', () => {
    assert.deepEqual(kindFindings(filesOf('test/example-module/'), kinds), [])
  })

  it('finds a planted file of each wrong shape, and passes the right ones', () => {
    const planted = [
      'eod.build.ts',
      'keyset.ts',
      'risk.common.ts',
      'Bad.service.ts',
      'orphan.test.ts',
      'orphan.topic.test.ts',
      'odd.test.ts',
      'odd.ts',
      'ledger/cash.mess.ts',
    ]
    assert.deepEqual(kindFindings(planted, kinds), [
      'eod.build.ts: not <resource>.<kind>.ts with a documented kind',
      'keyset.ts: not <resource>.<kind>.ts with a documented kind',
      'risk.common.ts: not <resource>.<kind>.ts with a documented kind',
      'Bad.service.ts: not <resource>.<kind>.ts with a documented kind',
      'orphan.test.ts: a test beside no orphan.ts',
      'orphan.topic.test.ts: a test beside no orphan.topic.ts',
      'odd.test.ts: tests a file of no documented kind',
      'odd.ts: not <resource>.<kind>.ts with a documented kind',
      'ledger/cash.mess.ts: not <resource>.<kind>.ts with a documented kind',
    ])
    const fine = [
      'index.ts',
      'README.md',
      'eod-build.service.ts',
      'session-tape.service.ts',
      'session-tape.service.test.ts',
      'session-tape.service.replay.test.ts',
      'lib/keyset.ts',
      'lib/keyset.test.ts',
      'migrations/0021_daily.ts',
      'web/page.js',
      'ledger/cash.service.ts',
      'ledger/lib/fifo.ts',
    ]
    assert.deepEqual(kindFindings(fine, kinds), [])
  })

  it('every module that owns tenant data, or declares sweep fixtures, keeps them in <module>.sweep.ts', async () => {
    const db = await createTestDatabase()
    let tenantTables: Set<string>
    try {
      const { rows } = await sql<{ table: string }>`
        select distinct table_name as table from information_schema.columns
         where table_schema = 'public' and column_name = 'tenant_id'`.execute(db.handle.db)
      tenantTables = new Set(rows.map((r) => r.table))
    } finally {
      await db.drop()
    }
    const owners = modules.filter((m) => m.tables.some((t) => tenantTables.has(t))).map((m) => m.name)
    assert.ok(owners.includes('risk') && !owners.includes('market-data'), owners.join())
    const findings = modules
      .map((m) =>
        sweepFinding(moduleFolder(ROOT, m.name).path, m.name, owners.includes(m.name), m.sweep !== undefined),
      )
      .filter((f) => f !== null)
    assert.deepEqual(findings, [])
  })
})
