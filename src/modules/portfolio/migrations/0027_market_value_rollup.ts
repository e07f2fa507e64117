/**
 * The holdings' market value per day, beside their unrealized P&L, so that the AUM points can say
 * what the NAV is made of: `market_value` (Σ quantity × price of the holdings that day, each
 * holding carried forward at its latest snapshot row) and the cash the rest implies.
 *
 * `unrealized_daily.market_value_delta` is, per account and snapshot date, the sum over holdings of
 * each row's change of `market_value` from that holding's previous row — the same construction as
 * `delta` for `unrealized_pl`, so a running sum in date order is the carried-forward market value.
 * The trigger function of 0007 is replaced by one that recomputes both sums in the same pass (same
 * advisory lock, same earliest-touched-date rule); existing rows are backfilled here.
 */
import type { Kysely } from 'kysely'
import { run } from '../../../platform/db/migrations/helpers.ts'

/** A snapshot row's change of `column` from its holding's previous row (0 before its first). */
const CHANGE = (column: string) => `
  s.${column} - coalesce(
    lag(s.${column}) over (partition by s.symbol order by s.snapshot_date),
    (select p.${column} from portfolio_snapshot p
      where p.tenant_id = s.tenant_id and p.account_id = s.account_id and p.symbol = s.symbol
        and p.snapshot_date < touched.since
      order by p.snapshot_date desc limit 1),
    0)`

const RECOMPUTE = (keys: string) => `
  for touched in
    select tenant_id, account_id, min(snapshot_date) as since from (${keys}) x
     group by tenant_id, account_id order by tenant_id, account_id
  loop
    perform pg_advisory_xact_lock(hashtextextended('unrealized_daily:' || touched.tenant_id || ':' || touched.account_id, 0));
    delete from unrealized_daily
     where tenant_id = touched.tenant_id and account_id = touched.account_id and snapshot_date >= touched.since;
    insert into unrealized_daily (tenant_id, account_id, snapshot_date, delta, market_value_delta, holdings)
    select tenant_id, account_id, snapshot_date, sum(delta), sum(value_delta), count(*)
      from (select s.tenant_id, s.account_id, s.snapshot_date,
                   ${CHANGE('unrealized_pl')} as delta,
                   ${CHANGE('market_value')} as value_delta
              from portfolio_snapshot s
             where s.tenant_id = touched.tenant_id and s.account_id = touched.account_id
               and s.snapshot_date >= touched.since) d
     group by tenant_id, account_id, snapshot_date;
  end loop;`

const KEYS = (rows: string) => `select tenant_id, account_id, snapshot_date from ${rows}`

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `alter table unrealized_daily add column market_value_delta numeric not null default 0`,
    `create or replace function unrealized_daily_apply() returns trigger language plpgsql as $$
     declare touched record;
     begin
       if tg_op = 'INSERT' then ${RECOMPUTE(KEYS('new_rows'))}
       elsif tg_op = 'UPDATE' then ${RECOMPUTE(`${KEYS('new_rows')} union all ${KEYS('old_rows')}`)}
       else ${RECOMPUTE(KEYS('old_rows'))}
       end if;
       return null;
     end $$`,
    // Existing rows. Migrations run as the owner, whom FORCE ROW LEVEL SECURITY filters too.
    `select set_config('app.system', 'on', true)`,
    `update unrealized_daily u set market_value_delta = d.value_delta
       from (select tenant_id, account_id, snapshot_date, sum(value_delta) as value_delta
               from (select tenant_id, account_id, snapshot_date,
                            market_value - coalesce(lag(market_value) over (partition by tenant_id, account_id, symbol order by snapshot_date), 0) as value_delta
                       from portfolio_snapshot) x
              group by tenant_id, account_id, snapshot_date) d
      where u.tenant_id = d.tenant_id and u.account_id = d.account_id and u.snapshot_date = d.snapshot_date`,
    `select set_config('app.system', '', true)`,
    // Every writer names it from now on (the trigger above).
    `alter table unrealized_daily alter column market_value_delta drop default`,
  ])
}
