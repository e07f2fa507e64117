import { sql, type Kysely } from 'kysely'

/** Runs DDL statements one by one (PGlite's extended protocol takes one statement per query). */
export async function run(db: Kysely<unknown>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db)
}

/** The RLS predicate every tenant table uses: the transaction's tenant, or audited system work. */
// The settings are read through scalar subqueries so PostgreSQL evaluates them once per statement,
// not once per row (0005_query_speed moved the earlier policies to this form).
export const TENANT_PREDICATE = `(tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::bigint)
  or (select current_setting('app.system', true)) = 'on')`

/** Row-level security for a tenant table: enabled, forced (owners too) and one isolation policy. */
export function tenantRls(table: string, predicate = TENANT_PREDICATE): string[] {
  return [
    `alter table ${table} enable row level security`,
    `alter table ${table} force row level security`,
    `create policy tenant_isolation on ${table} using ${predicate} with check ${predicate}`,
  ]
}

/**
 * `<name>_ins|_upd|_del`: statement-level AFTER triggers on `table` calling `fn`, with the
 * transition tables each event has (new_rows, old_rows and new_rows, old_rows).
 */
export function statementTriggers(name: string, table: string, fn: string): string[] {
  const each = `for each statement execute function ${fn}()`
  return [
    `create trigger ${name}_ins after insert on ${table} referencing new table as new_rows ${each}`,
    `create trigger ${name}_upd after update on ${table} referencing old table as old_rows new table as new_rows ${each}`,
    `create trigger ${name}_del after delete on ${table} referencing old table as old_rows ${each}`,
  ]
}
