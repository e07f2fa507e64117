/** Each table has one owner, and only its owner's repositories query it (ADR 0016). */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { sql } from 'kysely'
import { modules } from '../../src/app/modules.ts'
import { PLATFORM_TABLES } from '../../src/platform/db/index.ts'
import { EMAIL_OUTBOX_TABLES } from '../../src/providers/email/email.tables.ts'
import { PUSH_OUTBOX_TABLES } from '../../src/providers/push/push.tables.ts'
import { SMS_OUTBOX_TABLES } from '../../src/providers/sms/sms.tables.ts'
import { createTestDatabase } from '../helpers/database.ts'
import { moduleFolder } from '../helpers/module-folders.ts'
import { ownershipFindings, sourceFiles, type Owner } from '../helpers/table-ownership.ts'

const ROOT = new URL('../../', import.meta.url).pathname
const owners: Owner[] = [
  ...modules.map((m) => ({
    prefix: moduleFolder(ROOT, m.name).path,
    tables: m.tables,
    repositoriesOnly: true,
  })),
  { prefix: 'src/platform/', tables: PLATFORM_TABLES, repositoriesOnly: false },
  { prefix: 'src/providers/email/', tables: EMAIL_OUTBOX_TABLES, repositoriesOnly: false },
  { prefix: 'src/providers/sms/', tables: SMS_OUTBOX_TABLES, repositoriesOnly: false },
  { prefix: 'src/providers/push/', tables: PUSH_OUTBOX_TABLES, repositoriesOnly: false },
]
const declared = owners.flatMap((o) => o.tables)
const known = new Set(declared)

describe('table ownership', () => {
  it('no table is declared by two owners', () => {
    const twice = declared.filter((t, i) => declared.indexOf(t) !== i)
    assert.deepEqual(twice, [])
  })

  it('every table of the migrated schema has an owner, and every declared table exists', async () => {
    const db = await createTestDatabase()
    try {
      const { rows } = await sql<{ tablename: string }>`
        select tablename from pg_tables where schemaname = 'public' and tablename not like 'kysely_%'`.execute(
        db.handle.db,
      )
      const actual = rows.map((r) => r.tablename).sort()
      assert.deepEqual(actual, [...known].sort())
    } finally {
      await db.drop()
    }
  })

  it('every query in src names only tables its owner declares, and module SQL lives in repositories', () => {
    const files = sourceFiles(ROOT, ['src'])
    assert.ok(files.length > 100, `${files.length} files read`)
    assert.deepEqual(ownershipFindings(files, owners, known), [])
  })

  it('finds a planted violation of each kind', () => {
    const planted = [
      { path: 'src/modules/market/content/earnings.repository.ts', text: "db.selectFrom('manual_position')" },
      { path: 'src/modules/portfolio/manual/import.service.ts', text: "tx.insertInto('manual_position')" },
      { path: 'src/platform/feature-flags.ts', text: 'sql`select limits from plan where code = ${c}`' },
      { path: 'src/app/somewhere.ts', text: ".leftJoin('tenant', 'tenant.id', 'x.tenant_id')" },
    ]
    assert.deepEqual(ownershipFindings(planted, owners, known), [
      'src/modules/market/content/earnings.repository.ts: uses manual_position, owned elsewhere',
      'src/modules/portfolio/manual/import.service.ts: SQL outside a repository (manual_position)',
      'src/platform/feature-flags.ts: uses plan, owned elsewhere',
      'src/app/somewhere.ts: uses tenant but belongs to no owner',
    ])
    const fine = [
      { path: 'src/modules/portfolio/manual.repository.ts', text: "db.selectFrom('manual_position')" },
      {
        path: 'src/modules/portfolio/manual/manual.service.ts',
        text: "// selectFrom('manual_position') in prose",
      },
    ]
    assert.deepEqual(ownershipFindings(fine, owners, known), [])
  })
})
