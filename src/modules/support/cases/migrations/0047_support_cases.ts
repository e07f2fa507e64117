/**
 * Support cases: `support_case` (one per request a user makes to a human) and its
 * `support_case_comment` rows (public replies and internal notes). Tenant tables: tenant_id first
 * in every key, row-level security. `conversation_id` is a plain reference to an assistant
 * conversation, without a foreign key (the conversation may be deleted; the case stays).
 */
import type { Kysely } from 'kysely'
import { run, tenantRls } from '../../../../platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `create table support_case (
       tenant_id       bigint not null references tenant(id),
       id              bigint generated always as identity,
       user_id         bigint not null,
       subject         text   not null check (length(subject) between 1 and 200),
       body            text   not null check (length(body) between 1 and 10000),
       category        text   not null check (category in ('account', 'billing', 'brokers', 'data', 'bug', 'other')),
       status          text   not null check (status in ('open', 'pending', 'resolved', 'closed')),
       conversation_id bigint,
       created_at      timestamptz not null default now(),
       updated_at      timestamptz not null default now(),
       primary key (tenant_id, id),
       foreign key (tenant_id, user_id) references app_user (tenant_id, id) on delete cascade
     )`,
    `create index support_case_user_idx on support_case (tenant_id, user_id, updated_at desc, id desc)`,
    `create index support_case_status_idx on support_case (tenant_id, status, updated_at desc, id desc)`,
    ...tenantRls('support_case'),
    `create table support_case_comment (
       tenant_id      bigint  not null,
       id             bigint  generated always as identity,
       case_id        bigint  not null,
       author_user_id bigint  not null,
       author_kind    text    not null check (author_kind in ('customer', 'support')),
       public         boolean not null,
       body           text    not null check (length(body) between 1 and 10000),
       created_at     timestamptz not null default now(),
       primary key (tenant_id, id),
       foreign key (tenant_id, case_id) references support_case (tenant_id, id) on delete cascade
     )`,
    `create index support_case_comment_case_idx on support_case_comment (tenant_id, case_id, id)`,
    ...tenantRls('support_case_comment'),
  ])
}
