/**
 * Per-day rollups that the portfolio analytics read instead of every trade and snapshot row
 * (bench/README.md, "Portfolio analytics": a request reads ~1,600 day rows, not 50,000 trades and
 * 31,000 snapshots). Statement-level triggers with transition tables keep them in step inside the
 * writing transaction, so they are never stale and a bulk insert costs one aggregate per
 * statement, not one per row.
 *
 * - `realized_daily`: live trades with a parsed sale date, summed per account and sale date.
 *   Sums are additive, so the trigger subtracts the statement's old rows and adds its new ones.
 * - `unrealized_daily`: per account and snapshot date, the sum over holdings of each snapshot
 *   row's change from that holding's previous row (`delta`), and how many rows the date has
 *   (`holdings`). A running sum of `delta` in date order is the carried-forward unrealized P&L of
 *   `snapshotTotals`; a date has a row exactly while some snapshot has that date.
 * - `portfolio_version`: a per-tenant counter that every write to a table the analytics read
 *   moves; the analytics cache answers under it (AnalyticsService).
 *
 * Lock order: a statement's triggers fire in name order, so `<table>_version_*` (the version
 * row of the tenant) runs before `unrealized_daily_*` (the per-account advisory lock). Every
 * writing transaction thus takes the version row first, and two writers cannot wait on each other
 * in opposite orders.
 */
import type { Kysely } from 'kysely'
import { run, statementTriggers, tenantRls } from '../../../platform/db/migrations/helpers.ts'

const TRADE_LIVE = `deleted_at is null and sold_on is not null`

const REALIZED_ADD = (rows: string, sign: '' | '-') => `
  insert into realized_daily as r (tenant_id, account_id, sold_on, pnl, trades)
  select tenant_id, account_id, sold_on, ${sign}sum(gain_loss), ${sign}count(*) from ${rows} where ${TRADE_LIVE}
   group by tenant_id, account_id, sold_on
  on conflict (tenant_id, account_id, sold_on)
  do update set pnl = r.pnl + excluded.pnl, trades = r.trades + excluded.trades;`

// A snapshot row's delta depends on its holding's previous row, so a change also moves the delta
// of the holding's next date. Diffing is not safe here: a multi-row INSERT … ON CONFLICT DO
// UPDATE fires an INSERT and an UPDATE trigger that each see half of the statement. So the
// trigger recomputes the touched accounts' rows from the earliest touched date on, from the base
// table as the statement left it. Writes are dated today or recently, so that is a few rows.
//
// The advisory lock serializes this per account: a concurrent writer's recompute waits, then its
// statements (each takes a fresh snapshot under READ COMMITTED) see the other's committed rows.
const RECOMPUTE = (keys: string) => `
  for touched in
    select tenant_id, account_id, min(snapshot_date) as since from (${keys}) x
     group by tenant_id, account_id order by tenant_id, account_id
  loop
    perform pg_advisory_xact_lock(hashtextextended('unrealized_daily:' || touched.tenant_id || ':' || touched.account_id, 0));
    delete from unrealized_daily
     where tenant_id = touched.tenant_id and account_id = touched.account_id and snapshot_date >= touched.since;
    insert into unrealized_daily (tenant_id, account_id, snapshot_date, delta, holdings)
    select tenant_id, account_id, snapshot_date, sum(delta), count(*)
      from (select s.tenant_id, s.account_id, s.snapshot_date,
                   s.unrealized_pl - coalesce(
                     lag(s.unrealized_pl) over (partition by s.symbol order by s.snapshot_date),
                     (select p.unrealized_pl from portfolio_snapshot p
                       where p.tenant_id = s.tenant_id and p.account_id = s.account_id and p.symbol = s.symbol
                         and p.snapshot_date < touched.since
                       order by p.snapshot_date desc limit 1),
                     0) as delta
              from portfolio_snapshot s
             where s.tenant_id = touched.tenant_id and s.account_id = touched.account_id
               and s.snapshot_date >= touched.since) d
     group by tenant_id, account_id, snapshot_date;
  end loop;`

const KEYS = (rows: string) => `select tenant_id, account_id, snapshot_date from ${rows}`

/** Every table an analytics answer reads. */
const VERSIONED_TABLES = [
  'realized_trade',
  'portfolio_snapshot',
  'capital_flow',
  'investor',
  'broker_account',
]
const BUMP = (rows: string) => `
  insert into portfolio_version as v (tenant_id, version)
  select distinct tenant_id, 1 from ${rows} order by tenant_id
  on conflict (tenant_id) do update set version = v.version + 1;`

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    `create table realized_daily (
       tenant_id  bigint  not null,
       account_id bigint  not null,
       sold_on    date    not null,
       pnl        numeric not null,
       trades     integer not null,
       primary key (tenant_id, account_id, sold_on),
       foreign key (tenant_id, account_id) references broker_account (tenant_id, id)
     )`,
    // No index covers pnl or trades, so the trigger's updates are HOT and PostgreSQL prunes the
    // old versions on the page (PGlite never vacuums; an index on them left 6 dead rows per live one).
    ...tenantRls('realized_daily'),
    `create table unrealized_daily (
       tenant_id     bigint  not null,
       account_id    bigint  not null,
       snapshot_date date    not null,
       delta         numeric not null,
       holdings      integer not null,
       primary key (tenant_id, account_id, snapshot_date),
       foreign key (tenant_id, account_id) references broker_account (tenant_id, id)
     )`,
    ...tenantRls('unrealized_daily'),

    `create function realized_daily_apply() returns trigger language plpgsql as $$
     begin
       if tg_op in ('UPDATE', 'DELETE') then ${REALIZED_ADD('old_rows', '-')}
       end if;
       if tg_op in ('INSERT', 'UPDATE') then ${REALIZED_ADD('new_rows', '')}
       end if;
       if tg_op in ('UPDATE', 'DELETE') then
         delete from realized_daily r using (select distinct tenant_id, account_id, sold_on from old_rows) k
          where r.tenant_id = k.tenant_id and r.account_id = k.account_id and r.sold_on = k.sold_on and r.trades = 0;
       end if;
       return null;
     end $$`,
    ...statementTriggers('realized_daily', 'realized_trade', 'realized_daily_apply'),

    `create function unrealized_daily_apply() returns trigger language plpgsql as $$
     declare touched record;
     begin
       if tg_op = 'INSERT' then ${RECOMPUTE(KEYS('new_rows'))}
       elsif tg_op = 'UPDATE' then ${RECOMPUTE(`${KEYS('new_rows')} union all ${KEYS('old_rows')}`)}
       else ${RECOMPUTE(KEYS('old_rows'))}
       end if;
       return null;
     end $$`,
    ...statementTriggers('unrealized_daily', 'portfolio_snapshot', 'unrealized_daily_apply'),

    // One counter per tenant, moved by every write to what the analytics read. Answers are cached
    // under the version they were computed at, so a write makes the old entries unreachable at
    // once, in every process, with no invalidation step to forget.
    `create table portfolio_version (
       tenant_id bigint primary key references tenant (id),
       version   bigint not null
     )`,
    ...tenantRls('portfolio_version'),
    `create function portfolio_version_bump() returns trigger language plpgsql as $$
     begin
       -- plpgsql plans a statement when its branch first runs: each names only its event's tables.
       if tg_op = 'DELETE' then ${BUMP('old_rows')}
       else ${BUMP('new_rows')}
       end if;
       return null;
     end $$`,
    ...VERSIONED_TABLES.flatMap((table) =>
      statementTriggers(`${table}_version`, table, 'portfolio_version_bump'),
    ),

    // Existing rows. Migrations run as the owner, whom FORCE ROW LEVEL SECURITY filters too; the
    // setting is local to the migration transaction.
    `select set_config('app.system', 'on', true)`,
    `insert into realized_daily (tenant_id, account_id, sold_on, pnl, trades)
     select tenant_id, account_id, sold_on, sum(gain_loss), count(*) from realized_trade where ${TRADE_LIVE}
      group by tenant_id, account_id, sold_on`,
    `insert into unrealized_daily (tenant_id, account_id, snapshot_date, delta, holdings)
     select tenant_id, account_id, snapshot_date, sum(delta), count(*)
       from (select tenant_id, account_id, snapshot_date,
                    unrealized_pl - coalesce(lag(unrealized_pl) over (partition by tenant_id, account_id, symbol order by snapshot_date), 0) as delta
               from portfolio_snapshot) d
      group by tenant_id, account_id, snapshot_date`,
    `select set_config('app.system', '', true)`,
  ])
}
