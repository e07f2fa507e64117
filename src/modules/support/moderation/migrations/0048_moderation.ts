/**
 * Moderation: `moderation_action` (a block of a user's content with the stated reasons: categories,
 * rule ids, short excerpts — never the whole content) and `moderation_appeal` (at most one per
 * action, decided by a person). Tenant tables: tenant_id first in every key, row-level security.
 */
import type { Kysely } from 'kysely'
import { run, tenantRls } from '../../../../platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `create table moderation_action (
       tenant_id        bigint  not null references tenant(id),
       id               bigint  generated always as identity,
       user_id          bigint  not null,
       kind             text    not null check (kind in ('content_blocked')),
       status           text    not null check (status in ('active', 'reversed')),
       categories       jsonb   not null,
       reasons          jsonb   not null,
       scores           jsonb   not null,
       sources          jsonb   not null,
       surface          text,
       reference        text,
       automated        boolean not null,
       appealable_until timestamptz not null,
       reversed_at      timestamptz,
       created_at       timestamptz not null default now(),
       primary key (tenant_id, id),
       foreign key (tenant_id, user_id) references app_user (tenant_id, id) on delete cascade
     )`,
    `create index moderation_action_user_idx on moderation_action (tenant_id, user_id, id desc)`,
    ...tenantRls('moderation_action'),
    `create table moderation_appeal (
       tenant_id        bigint not null,
       id               bigint generated always as identity,
       action_id        bigint not null,
       user_id          bigint not null,
       status           text   not null check (status in ('open', 'upheld', 'reversed')),
       reason           text   not null check (length(reason) between 1 and 2000),
       decide_by        timestamptz not null,
       reviewer_user_id bigint,
       reviewer_reason  text,
       decided_at       timestamptz,
       created_at       timestamptz not null default now(),
       primary key (tenant_id, id),
       unique (tenant_id, action_id),
       check ((status = 'open') = (decided_at is null)),
       check (status = 'open' or (reviewer_user_id is not null and length(reviewer_reason) > 0)),
       foreign key (tenant_id, action_id) references moderation_action (tenant_id, id) on delete cascade
     )`,
    `create index moderation_appeal_user_idx on moderation_appeal (tenant_id, user_id, id desc)`,
    `create index moderation_appeal_queue_idx on moderation_appeal (tenant_id, decide_by, id) where status = 'open'`,
    ...tenantRls('moderation_appeal'),
  ])
}
