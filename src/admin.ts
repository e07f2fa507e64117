/**
 * Operator CLI: `npm run admin -- create-admin <email>`.
 * Promotes an existing account to administrator, or creates one (in a new tenant) with the
 * password from ADMIN_PASSWORD, or a generated one printed once.
 */
import { createContainerOrExit, readConfigOrExit } from './main-support.ts'
import { migrateToLatest } from './app/migrations.ts'
import { randomToken } from './platform/crypto.ts'
import { adminPasswordFromEnv } from './platform/config.ts'
import { hashPassword } from './modules/identity/index.ts'

const [command, rawEmail] = process.argv.slice(2)
if (command !== 'create-admin' || !rawEmail || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(rawEmail)) {
  process.stderr.write('usage: npm run admin -- create-admin <email>\n')
  process.exit(64) // EX_USAGE
}
const email = rawEmail.trim().toLowerCase()
const config = { ...readConfigOrExit(), LOG_LEVEL: 'warn' as const }
// No HTTP operation creates the first administrator, so the CLI needs the directory to itself.
const c = await createContainerOrExit(
  config,
  'npm run admin',
  'stop it, run this command, then start it again',
)
try {
  await migrateToLatest(c.database)
  const given = adminPasswordFromEnv()
  const generated = given ? undefined : randomToken(18)
  const passwordHash = await hashPassword(given ?? generated!)
  const outcome = await c.scopes.withSystem(`admin cli: create-admin ${email}`, async ({ db }) => {
    const existing = await db
      .selectFrom('app_user')
      .select(['id', 'tenant_id'])
      .where('email', '=', email)
      .executeTakeFirst()
    if (existing) {
      await db
        .updateTable('app_user')
        .set({ role: 'admin' })
        .where('tenant_id', '=', existing.tenant_id)
        .where('id', '=', existing.id)
        .execute()
      return { created: false, ...existing }
    }
    const tenant = await db
      .insertInto('tenant')
      .values({ name: 'Administrators', plan_code: 'premium' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const user = await db
      .insertInto('app_user')
      .values({
        tenant_id: tenant.id,
        email,
        role: 'admin',
        password_hash: passwordHash,
        password_changed_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return { created: true, id: user.id, tenant_id: tenant.id }
  })
  if (outcome.created) {
    process.stdout.write(`created administrator ${email} (tenant ${outcome.tenant_id}, user ${outcome.id})\n`)
    if (generated) process.stdout.write(`password (shown once): ${generated}\n`)
  } else {
    process.stdout.write(
      `promoted ${email} (tenant ${outcome.tenant_id}, user ${outcome.id}) to administrator\n`,
    )
  }
} finally {
  await c.close()
}
