/**
 * Operator CLI:
 * - `npm run admin -- create-admin <email>`: promotes an existing account to administrator, or
 *   creates one (in a new tenant) with the password from ADMIN_PASSWORD, or a generated one printed once.
 * - `npm run admin -- set-plan <email> <plan>`: moves the account's tenant to a plan (free, pro,
 *   premium…): billing is outside this service, so an operator grants plans here.
 */
import { createContainerOrExit, readConfigOrExit } from './main-support.ts'
import type { Container } from './app/container.ts'
import { migrateToLatest } from './app/migrations.ts'
import { randomToken } from './platform/crypto.ts'
import { adminPasswordFromEnv } from './platform/config.ts'
import { AppError } from './platform/http/errors.ts'
import { hashPassword } from './modules/accounts/identity/index.ts'

const USAGE =
  'usage: npm run admin -- create-admin <email>\n       npm run admin -- set-plan <email> <plan>\n'
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/

const [command, rawEmail, plan] = process.argv.slice(2)
const valid =
  rawEmail !== undefined &&
  EMAIL.test(rawEmail) &&
  ((command === 'create-admin' && plan === undefined) || (command === 'set-plan' && plan !== undefined))
if (!valid) {
  process.stderr.write(USAGE)
  process.exit(64) // EX_USAGE
}
const email = rawEmail.trim().toLowerCase()
const config = { ...readConfigOrExit(), LOG_LEVEL: 'warn' as const }
// No HTTP operation does either, so the CLI needs the directory to itself.
const c = await createContainerOrExit(
  config,
  'npm run admin',
  'stop it, run this command, then start it again',
)
try {
  await migrateToLatest(c.database)
  process.exitCode = command === 'create-admin' ? await createAdmin(c) : await setPlan(c, plan!)
} finally {
  await c.close()
}

async function createAdmin(c: Container): Promise<number> {
  const given = adminPasswordFromEnv()
  const generated = given ? undefined : randomToken(18)
  const passwordHash = await hashPassword(given ?? generated!)
  const outcome = await c.identity.users.bootstrapAdmin(email, passwordHash)
  const who = `${email} (tenant ${outcome.tenantId}, user ${outcome.userId})`
  if (!outcome.created) {
    process.stdout.write(`promoted ${who} to administrator\n`)
    return 0
  }
  process.stdout.write(`created administrator ${who}\n`)
  if (generated) process.stdout.write(`password (shown once): ${generated}\n`)
  return 0
}

async function setPlan(c: Container, code: string): Promise<number> {
  const tenantId = await c.identity.users.tenantOf(email)
  if (tenantId === null) {
    process.stderr.write(`no account is registered under ${email}\n`)
    return 65 // EX_DATAERR
  }
  try {
    await c.tenancy.tenants.setPlan(tenantId, code)
  } catch (err) {
    if (!(err instanceof AppError)) throw err
    process.stderr.write(`${err.message}\n`)
    return 65
  }
  process.stdout.write(`tenant ${tenantId} of ${email} is on the ${code} plan\n`)
  return 0
}
