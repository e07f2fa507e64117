/**
 * Alerts, exact daily caps and skipped rules: `alert_channel_day` counts, per user, New York date and
 * channel, the firings that asked for that channel; a firing takes its place with one conditional
 * increment (`… on conflict do update set sent = sent + 1 where sent < limit returning`), so two
 * concurrent firings can never both take the last place. `alert_rule_state.skipped` says why the
 * last evaluation skipped a rule (a read the user's plan or role does not allow), null once it ran.
 * `alert_rule.rearms` counts the times a fired `once` rule was enabled again: its firing key is
 * `once` the first time and `once:<rearms>` after, so a re-armed rule can fire again.
 */
import type { Kysely } from 'kysely'
import { run, tenantRls } from '../../../../platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `create table alert_channel_day (
       tenant_id bigint  not null references tenant(id),
       user_id   bigint  not null,
       day       date    not null,
       channel   text    not null,
       sent      integer not null check (sent >= 0),
       primary key (tenant_id, user_id, day, channel),
       foreign key (tenant_id, user_id) references app_user (tenant_id, id) on delete cascade
     )`,
    ...tenantRls('alert_channel_day'),
    `alter table alert_rule_state add column skipped jsonb`,
    `alter table alert_rule add column rearms integer not null default 0 check (rearms >= 0)`,
  ])
}
