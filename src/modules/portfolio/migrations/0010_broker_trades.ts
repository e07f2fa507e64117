/**
 * Broker-synced trades: a realized trade made by lot matching carries the id it is derived from
 * (`<closing fill id>:<n>`), unique per account, so a sync that runs again finds what it wrote; and
 * each account says how its lots are matched (FIFO unless the owner picks average cost).
 */
import type { Kysely } from 'kysely'
import { run } from '../../../platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `alter table realized_trade add column external_id text`,
    `create unique index realized_trade_external_key on realized_trade (tenant_id, account_id, external_id) where external_id is not null`,
    `alter table broker_account add column cost_method text not null default 'fifo' check (cost_method in ('fifo', 'average'))`,
  ])
}
