/**
 * An agent's name is unique among the tenant's live (not archived) agents, compared trimmed and
 * case-insensitively: the console shows agents by name, and two alike could not be told apart.
 * Archived agents keep their names (their order history shows them) and do not hold them.
 *
 * A deployed database may already hold such duplicates, and the unique index would then fail to
 * build. So first, in each tenant, the oldest live agent of a name keeps it and each later one is
 * renamed by appending " (2)", " (3)", … — the first number no live agent of the tenant uses yet,
 * the name shortened to keep within its 100 characters — and then the index is created.
 */
import type { Kysely } from 'kysely'
import { run } from '../../../../platform/db/migrations/helpers.ts'

const KEY = 'lower(btrim(name))'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `do $$
     declare
       r record;
       n integer;
       suffix text;
       candidate text;
     begin
       for r in
         select tenant_id, id, btrim(name) as base
           from (select tenant_id, id, name,
                        row_number() over (partition by tenant_id, ${KEY} order by id) as rank
                   from bot_agent
                  where archived_at is null) ranked
          where rank > 1
          order by tenant_id, id
       loop
         n := 2;
         loop
           suffix := ' (' || n || ')';
           candidate := left(r.base, 100 - length(suffix)) || suffix;
           exit when not exists (
             select 1 from bot_agent
              where tenant_id = r.tenant_id and archived_at is null
                and ${KEY} = lower(candidate));
           n := n + 1;
         end loop;
         update bot_agent set name = candidate, updated_at = now()
          where tenant_id = r.tenant_id and id = r.id;
       end loop;
     end $$`,
    `create unique index bot_agent_live_name_key on bot_agent (tenant_id, ${KEY}) where archived_at is null`,
  ])
}
