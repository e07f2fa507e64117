/**
 * Each tenant has a base currency, the one every total across accounts is converted into (US
 * dollars unless the tenant sets another).
 */
import type { Kysely } from 'kysely'
import { run } from '../../../../platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `alter table tenant add column base_currency text not null default 'USD' check (base_currency ~ '^[A-Z]{3}$')`,
  ])
}
