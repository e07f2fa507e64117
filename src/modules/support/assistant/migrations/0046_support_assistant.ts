/**
 * The AI support assistant: `support_conversation` (one user's chat, open or escalated), its
 * `support_message` turns, the `support_intent` classification of each user turn, the
 * `support_tool_call`s of each assistant turn, `support_feedback`, the `support_training_candidate`s
 * negative feedback queues for review (they outlive the conversation: the link is set null), and
 * `support_disclosure_acceptance` (who accepted which disclosure version, and when last). Deleting a
 * conversation deletes its messages, classifications, tool calls and feedback (on delete cascade).
 * All tenant tables with row-level security. The plan limits of the assistant go into `plan.limits`.
 */
import type { Kysely } from 'kysely'
import { run, tenantRls } from '../../../../platform/db/migrations/helpers.ts'

const CONVERSATION_FK = `foreign key (tenant_id, conversation_id) references support_conversation (tenant_id, id) on delete cascade`
const MESSAGE_FK = `foreign key (tenant_id, message_id) references support_message (tenant_id, id) on delete cascade`

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `create table support_conversation (
       tenant_id         bigint not null references tenant(id),
       id                bigint generated always as identity,
       user_id           bigint not null,
       title             text   not null check (length(title) between 1 and 200),
       status            text   not null default 'open' check (status in ('open', 'escalated')),
       escalated_at      timestamptz,
       escalation_reason text,
       created_at        timestamptz not null default now(),
       updated_at        timestamptz not null default now(),
       primary key (tenant_id, id),
       foreign key (tenant_id, user_id) references app_user (tenant_id, id) on delete cascade
     )`,
    `create index support_conversation_user_idx on support_conversation (tenant_id, user_id, updated_at desc, id desc)`,
    ...tenantRls('support_conversation'),
    `create table support_message (
       tenant_id       bigint not null,
       id              bigint generated always as identity,
       conversation_id bigint not null,
       user_id         bigint not null,
       role            text   not null check (role in ('user', 'assistant')),
       content         text   not null,
       finish          text   check (finish in ('stop', 'length', 'interrupted', 'error')),
       filtered        boolean not null default false,
       sources         jsonb  not null default '[]',
       model           text,
       usage           jsonb,
       total_tokens    integer not null default 0,
       created_at      timestamptz not null default now(),
       primary key (tenant_id, id),
       ${CONVERSATION_FK}
     )`,
    `create index support_message_conversation_idx on support_message (tenant_id, conversation_id, id)`,
    `create index support_message_day_idx on support_message (tenant_id, created_at)`,
    `create index support_message_user_idx on support_message (tenant_id, user_id, created_at) where role = 'user'`,
    ...tenantRls('support_message'),
    `create table support_intent (
       tenant_id       bigint not null,
       message_id      bigint not null,
       conversation_id bigint not null,
       label           text   not null,
       allowed         boolean not null,
       reason          text   not null,
       rule            text   not null,
       created_at      timestamptz not null default now(),
       primary key (tenant_id, message_id),
       ${MESSAGE_FK},
       ${CONVERSATION_FK}
     )`,
    ...tenantRls('support_intent'),
    `create table support_tool_call (
       tenant_id       bigint not null,
       id              bigint generated always as identity,
       message_id      bigint not null,
       conversation_id bigint not null,
       call_id         text   not null,
       name            text   not null,
       arguments       text   not null,
       result          text   not null,
       created_at      timestamptz not null default now(),
       primary key (tenant_id, id),
       ${MESSAGE_FK},
       ${CONVERSATION_FK}
     )`,
    `create index support_tool_call_message_idx on support_tool_call (tenant_id, message_id)`,
    ...tenantRls('support_tool_call'),
    `create table support_feedback (
       tenant_id       bigint not null,
       id              bigint generated always as identity,
       conversation_id bigint not null,
       message_id      bigint,
       user_id         bigint not null,
       helpful         boolean,
       rating          smallint check (rating between 1 and 5),
       comment         text,
       created_at      timestamptz not null default now(),
       primary key (tenant_id, id),
       ${CONVERSATION_FK}
     )`,
    `create index support_feedback_conversation_idx on support_feedback (tenant_id, conversation_id)`,
    ...tenantRls('support_feedback'),
    `create table support_training_candidate (
       tenant_id        bigint not null references tenant(id),
       id               bigint generated always as identity,
       candidate_type   text   not null check (candidate_type in ('negative_feedback')),
       status           text   not null default 'queued' check (status in ('queued', 'approved', 'rejected')),
       conversation_id  bigint,
       feedback_id      bigint,
       helpful          boolean,
       rating           smallint,
       comment          text,
       question         text,
       answer           text,
       pii_found        jsonb  not null default '[]',
       reviewer_id      bigint,
       review_note      text,
       reviewed_at      timestamptz,
       created_at       timestamptz not null default now(),
       primary key (tenant_id, id),
       foreign key (tenant_id, conversation_id) references support_conversation (tenant_id, id) on delete set null (conversation_id)
     )`,
    `create index support_training_candidate_status_idx on support_training_candidate (tenant_id, status, id desc)`,
    ...tenantRls('support_training_candidate'),
    `create table support_disclosure_acceptance (
       tenant_id   bigint not null,
       user_id     bigint not null,
       version     text   not null,
       accepted_at timestamptz not null,
       primary key (tenant_id, user_id, version),
       foreign key (tenant_id, user_id) references app_user (tenant_id, id) on delete cascade
     )`,
    ...tenantRls('support_disclosure_acceptance'),
    // What the quota counts: one row per user turn and per answer's model tokens. Not tied to a
    // conversation, so deleting one does not give its usage back; rows older than two days are
    // pruned as new ones are written.
    `create table support_usage (
       tenant_id  bigint not null,
       id         bigint generated always as identity,
       user_id    bigint not null,
       kind       text   not null check (kind in ('message', 'tokens')),
       tokens     integer not null default 0 check (tokens >= 0),
       created_at timestamptz not null,
       primary key (tenant_id, id),
       foreign key (tenant_id, user_id) references app_user (tenant_id, id) on delete cascade
     )`,
    `create index support_usage_day_idx on support_usage (tenant_id, created_at)`,
    `create index support_usage_user_idx on support_usage (tenant_id, user_id, created_at) where kind = 'message'`,
    ...tenantRls('support_usage'),
    // Per plan: user turns a tenant may send per day (UTC), model tokens per day, turns per user per minute.
    `update plan set limits = limits || '{"support_ai_messages_per_day": 50, "support_ai_tokens_per_day": 50000, "support_ai_messages_per_minute": 5}'::jsonb where code = 'free'`,
    `update plan set limits = limits || '{"support_ai_messages_per_day": 500, "support_ai_tokens_per_day": 500000, "support_ai_messages_per_minute": 15}'::jsonb where code = 'pro'`,
    `update plan set limits = limits || '{"support_ai_messages_per_day": 2000, "support_ai_tokens_per_day": 2000000, "support_ai_messages_per_minute": 30}'::jsonb where code = 'premium'`,
  ])
}
