/**
 * Learning progress: per tenant and user, the concepts opened (`learn_view`) and the first
 * answer to each quiz question (`learn_answer`); both unique per (tenant, user, concept/question), so
 * a repeated view or answer changes nothing. The catalog itself is code (lib/catalog*.ts), so ids are
 * plain text here. Adds the `learn_advanced` plan feature: off on free, on for pro and premium.
 */
import type { Kysely } from 'kysely'
import { run, tenantRls } from '../../../../platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `create table learn_view (
       tenant_id  bigint not null references tenant(id),
       id         bigint generated always as identity,
       user_id    bigint not null,
       concept_id text not null check (concept_id ~ '^[a-z0-9-]{1,64}$'),
       viewed_at  timestamptz not null,
       primary key (tenant_id, id),
       unique (tenant_id, user_id, concept_id),
       foreign key (tenant_id, user_id) references app_user (tenant_id, id) on delete cascade
     )`,
    ...tenantRls('learn_view'),
    `create table learn_answer (
       tenant_id   bigint not null references tenant(id),
       id          bigint generated always as identity,
       user_id     bigint not null,
       question_id text not null check (question_id ~ '^[a-z0-9-]{1,80}$'),
       concept_id  text not null,
       layer       text not null check (layer in ('structure', 'price_action', 'ict')),
       answer      text not null check (length(answer) between 1 and 8),
       correct     boolean not null,
       answered_at timestamptz not null,
       primary key (tenant_id, id),
       unique (tenant_id, user_id, question_id),
       foreign key (tenant_id, user_id) references app_user (tenant_id, id) on delete cascade
     )`,
    ...tenantRls('learn_answer'),
    `update plan set features = features || '{"learn_advanced": false}'::jsonb where code = 'free'`,
    `update plan set features = features || '{"learn_advanced": true}'::jsonb where code <> 'free'`,
  ])
}
