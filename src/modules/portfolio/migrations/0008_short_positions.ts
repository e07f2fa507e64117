/**
 * Short and flat holdings in portfolio_snapshot. A short's cost_basis is the proceeds
 * received, so its unrealized P&L is market_value + cost_basis (value − sign(quantity) × cost in
 * general; 0 when flat). Rows written before this took value − cost_basis for every holding, and
 * a short's book price was cost / quantity (negative, so its book value was +cost). This rewrites
 * those rows; the statement triggers of 0007 then recompute unrealized_daily and bump the
 * analytics version, so every figure built on unrealized (AUM, snapshots, allocation) follows.
 */
import type { Kysely } from 'kysely'
import { run } from '../../../platform/db/migrations/helpers.ts'

// Old rows priced with a negative book price carry the opposite sign of their value.
const VALUE = `case when quantity = 0 then 0 when price < 0 then -market_value else market_value end`

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    // Migrations run as the owner, whom FORCE ROW LEVEL SECURITY filters too.
    `select set_config('app.system', 'on', true)`,
    `update portfolio_snapshot
        set price = abs(price),
            market_value = ${VALUE},
            unrealized_pl = ${VALUE} - sign(quantity) * cost_basis
      where quantity <= 0 or price < 0`,
    `select set_config('app.system', '', true)`,
  ])
}
