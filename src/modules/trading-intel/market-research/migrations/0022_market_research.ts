/**
 * Market research: asynchronous research runs and their ordered events, the run log's shape
 * (its DDL is the platform's, run-log.ddl.ts). Tenant tables under RLS.
 */
import type { Kysely } from 'kysely'
import { run } from '../../../../platform/db/migrations/helpers.ts'
import { runTableStatements } from '../../../../platform/run-log/run-log.ddl.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, runTableStatements('research_run', 'research_run_event'))
}
