/**
 * E-mail briefing: one subscription per tenant user — on/off, the account it covers,
 * the New York send time, the one-click unsubscribe token (hashed for lookup, encrypted to be
 * written into mails) and the date of the last scheduled send (at most one per day).
 */
import type { Kysely } from 'kysely'
import { run, tenantRls } from '../../../../platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `create table briefing_subscription (
       tenant_id        bigint not null references tenant(id),
       id               bigint generated always as identity,
       user_id          bigint not null,
       enabled          boolean not null,
       account_id       bigint,
       send_at          text not null check (send_at ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
       unsub_token_hash text not null,
       unsub_token_enc  text not null,
       last_sent_on     date,
       last_message_id  text,
       unsubscribed_at  timestamptz,
       created_at       timestamptz not null,
       updated_at       timestamptz not null,
       primary key (tenant_id, id),
       unique (tenant_id, user_id),
       unique (tenant_id, unsub_token_hash),
       foreign key (tenant_id, user_id) references app_user (tenant_id, id)
     )`,
    `create index briefing_subscription_due_idx on briefing_subscription (tenant_id, send_at) where enabled`,
    ...tenantRls('briefing_subscription'),
  ])
}
