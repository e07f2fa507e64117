/**
 * The operator CLI (`npm run admin`): create-admin, and set-plan, which grants a tenant a plan (the
 * unified broker connect and the aggregator need one with broker connectivity). Run as a process
 * on its own PGlite directory, as an operator would.
 */
// one-engine: the CLI runs on a PGlite directory of its own whatever DATABASE_URL says.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, it } from 'node:test'
import { testConfig } from '../src/platform/config.ts'
import { createDatabase } from '../src/platform/db/index.ts'
import { runCli } from './helpers/cli.ts'

const dir = mkdtempSync(join(tmpdir(), 'sextant-admin-'))
after(() => rmSync(dir, { recursive: true, force: true }))

async function planOf(email: string): Promise<string | undefined> {
  const db = await createDatabase({ ...testConfig(), DATABASE_URL: undefined, DATA_DIR: dir })
  try {
    const r = await db.raw(
      `select t.plan_code from tenant t join app_user u on u.tenant_id = t.id where u.email = '${email}'`,
    )
    return (r.rows[0] as { plan_code: string } | undefined)?.plan_code
  } finally {
    await db.close()
  }
}

describe('npm run admin', () => {
  it('create-admin makes an administrator on the premium plan; set-plan moves its tenant to pro', async () => {
    const created = await runCli('src/admin.ts', dir, ['create-admin', 'ops@example.com'])
    assert.equal(created.code, 0, created.stderr)
    assert.match(
      created.stdout,
      /^created administrator ops@example\.com \(tenant \d+, user \d+\)\npassword/m,
    )
    assert.equal(await planOf('ops@example.com'), 'premium')

    const moved = await runCli('src/admin.ts', dir, ['set-plan', 'OPS@example.com', 'pro'])
    assert.equal(moved.code, 0, moved.stderr)
    assert.match(moved.stdout, /^tenant \d+ of ops@example\.com is on the pro plan\n$/)
    assert.equal(await planOf('ops@example.com'), 'pro')
  })

  it('set-plan names the plans for an unknown one, and says when no account has the address', async () => {
    const unknown = await runCli('src/admin.ts', dir, ['set-plan', 'ops@example.com', 'gold'])
    assert.equal(unknown.code, 65)
    assert.match(unknown.stderr, /^plan: unknown plan; one of free, .*pro/)
    assert.equal(await planOf('ops@example.com'), 'pro')
    const nobody = await runCli('src/admin.ts', dir, ['set-plan', 'nobody@example.com', 'pro'])
    assert.equal(nobody.code, 65)
    assert.equal(nobody.stderr, 'no account is registered under nobody@example.com\n')
  })

  it('refuses a malformed command with its usage (exit 64)', async () => {
    for (const args of [
      ['set-plan', 'ops@example.com'],
      ['create-admin', 'ops@example.com', 'pro'],
      ['promote'],
    ]) {
      const r = await runCli('src/admin.ts', dir, args)
      assert.equal(r.code, 64, args.join(' '))
      assert.match(r.stderr, /^usage: npm run admin -- create-admin <email>\n.*set-plan <email> <plan>/)
    }
  })
})
