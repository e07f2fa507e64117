/**
 * The account registered under an address, read from the database: registration answers the same
 * for a free and a taken address, so it returns no user to the caller.
 */
import assert from 'node:assert/strict'
import type { TestApp } from './test-app.ts'

export interface Registered {
  id: number
  tenant_id: number
  email_verified: boolean
}

export async function accountOf(app: Pick<TestApp, 'c'>, email: string): Promise<Registered> {
  const row = await app.c.scopes.withSystem('test: account by e-mail', ({ db }) =>
    db
      .selectFrom('app_user')
      .select(['id', 'tenant_id', 'email_verified_at'])
      .where('email', '=', email.trim().toLowerCase())
      .executeTakeFirst(),
  )
  assert.ok(row, `an account for ${email}`)
  return { id: row.id, tenant_id: row.tenant_id, email_verified: row.email_verified_at !== null }
}

/** How many accounts and tenants exist (registration of a taken address must create neither). */
export function counts(app: Pick<TestApp, 'c'>): Promise<{ users: number; tenants: number }> {
  return app.c.scopes.withSystem('test: counts', async ({ db }) => {
    const users = await db
      .selectFrom('app_user')
      .select((e) => e.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()
    const tenants = await db
      .selectFrom('tenant')
      .select((e) => e.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()
    return { users: Number(users.n), tenants: Number(tenants.n) }
  })
}
