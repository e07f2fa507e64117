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
  const outcome = await c.identity.users.bootstrapAdmin(email, passwordHash)
  if (outcome.created) {
    process.stdout.write(
      `created administrator ${email} (tenant ${outcome.tenantId}, user ${outcome.userId})\n`,
    )
    if (generated) process.stdout.write(`password (shown once): ${generated}\n`)
  } else {
    process.stdout.write(
      `promoted ${email} (tenant ${outcome.tenantId}, user ${outcome.userId}) to administrator\n`,
    )
  }
} finally {
  await c.close()
}
