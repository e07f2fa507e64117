/**
 * The plan feature `committee` becomes `committee_model`, the name of what it gates: the language
 * model's part in a committee decision. Committee runs (the rules deciding) are on every plan, so
 * a feature named `committee` that was false on Free and Pro told those tenants they had no
 * committee while their runs worked. Values are kept: on for Premium only.
 */
import type { Kysely } from 'kysely'
import { run } from '../../../../platform/db/migrations/helpers.ts'

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `update plan
        set features = (features - 'committee')
                       || jsonb_build_object('committee_model', coalesce(features -> 'committee', 'false'::jsonb))`,
  ])
}
