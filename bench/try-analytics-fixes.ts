/**
 * What-if for the analytics SQL (bench/README.md, "Portfolio analytics"): seeds the big tenant plus
 * other tenants of the same size (so the bench tenant is 1/N of each table, as in production), then
 * times the analytics queries (median of 7, each in its own `withTenant` transaction, so RLS and the
 * `sextant_app` role apply) after each cumulative step: nothing; ANALYZE; the RLS predicate with
 * its `current_setting` calls as InitPlans; the suggested indexes; VACUUM (the visibility map that
 * index-only scans need). `-dayfirst` rows are the suggested rewrite of the period queries.
 * Applies DDL to its own scratch database only.
 *
 * `npx tsx bench/try-analytics-fixes.ts [--tenants 5] [--plans]` (engine from DATABASE_URL).
 */
import { parseArgs } from 'node:util'
import { CompiledQuery } from 'kysely'
import pino from 'pino'
import { systemClock } from '../src/platform/clock.ts'
import { loadConfig } from '../src/platform/config.ts'
import { createDatabase, createScopes } from '../src/platform/db/index.ts'
import { migrateToLatest } from '../src/app/migrations.ts'
import { nyDate } from '../src/kernel/calendar/nyse.ts'
import { prepareDatabases } from './engine.ts'
import { seedPortfolio } from './seed-portfolio.ts'

const RUNS = 7
const out = (line = '') => process.stdout.write(`${line}\n`)
const { values } = parseArgs({
  options: { tenants: { type: 'string', default: '5' }, plans: { type: 'boolean', default: false } },
})
const tenants = Number(values.tenants)
if (!Number.isInteger(tenants) || tenants < 1 || tenants > 20) throw new Error('--tenants must be 1–20')

// The suggested RLS predicate: the same test, with each current_setting evaluated once per statement.
const INITPLAN = `(tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::bigint)
  or (select current_setting('app.system', true)) = 'on')`
const STEPS: [string, string[]][] = [
  ['never analyzed', []],
  ['+ analyze', ['analyze realized_trade, portfolio_snapshot']],
  [
    '+ RLS InitPlan',
    ['realized_trade', 'portfolio_snapshot'].map(
      (t) => `alter policy tenant_isolation on ${t} using ${INITPLAN} with check ${INITPLAN}`,
    ),
  ],
  [
    '+ indexes',
    [
      'create index realized_trade_pnl_idx on realized_trade (tenant_id, sold_on) include (gain_loss) where deleted_at is null',
      'drop index realized_trade_sold_idx',
      'create index portfolio_snapshot_holding_idx on portfolio_snapshot (tenant_id, account_id, symbol, snapshot_date) include (unrealized_pl)',
      'analyze realized_trade, portfolio_snapshot',
    ],
  ],
  ['+ vacuum', ['vacuum realized_trade, portfolio_snapshot']],
]

function queries(tenantId: number, year: number): Record<string, [string, unknown[]]> {
  const live = 'tenant_id = $1 and deleted_at is null and sold_on is not null'
  const inYear = `${live} and sold_on >= $2 and sold_on <= $3`
  const yearParams = [tenantId, `${year}-01-01`, `${year}-12-31`]
  const byPeriod = (fmt: string, where: string) =>
    `select to_char(sold_on, '${fmt}') as period, sum(gain_loss) as pnl, count(*)::int as trades
       from realized_trade where ${where} group by 1 order by 1`
  const dayFirst = (fmt: string, where: string) =>
    `select to_char(d, '${fmt}') as period, sum(pnl) as pnl, sum(n)::int as trades
       from (select sold_on as d, sum(gain_loss) as pnl, count(*) as n
               from realized_trade where ${where} group by sold_on) x
      group by 1 order by 1`
  return {
    dailyRealized: [
      `select sold_on as date, sum(gain_loss) as pnl, count(*)::int as trades
         from realized_trade where ${live} group by sold_on order by sold_on`,
      [tenantId],
    ],
    monthly: [byPeriod('YYYY-MM', live), [tenantId]],
    'monthly-dayfirst': [dayFirst('YYYY-MM', live), [tenantId]],
    'daily-year': [byPeriod('YYYY-MM-DD', inYear), yearParams],
    'daily-year-dayfirst': [dayFirst('YYYY-MM-DD', inYear), yearParams],
    dateRange: [
      `select min(sold_on)::text, max(sold_on)::text, count(*)::int from realized_trade where ${live}`,
      [tenantId],
    ],
    snapshotTotals: [
      `select date::text as date, sum(sum(delta)) over (order by date) as unrealized
         from (select snapshot_date as date,
                      unrealized_pl - coalesce(lag(unrealized_pl) over (partition by account_id, symbol order by snapshot_date), 0) as delta
                 from portfolio_snapshot where tenant_id = $1) d
        group by date order by date`,
      [tenantId],
    ],
  }
}

const dbs = await prepareDatabases(process.env['DATABASE_URL'] || undefined)
const env: Record<string, string | undefined> = { ...process.env, LOG_LEVEL: 'silent', ...dbs.envFor('app') }
const config = loadConfig(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)))
const database = await createDatabase(config)
try {
  await migrateToLatest(database)
  const scopes = createScopes(database.db, pino({ level: 'silent' }))
  const ids: number[] = []
  for (let i = 0; i < tenants; i++) {
    const id = await scopes.withSystem('bench: what-if tenant', async ({ db }) => {
      const t = await db
        .insertInto('tenant')
        .values({ name: `What-if ${i}`, plan_code: 'free' })
        .returning('id')
        .executeTakeFirstOrThrow()
      return t.id
    })
    await seedPortfolio(scopes, id, nyDate(systemClock.now()))
    ids.push(id)
  }
  const tenantId = ids[0]!
  const q = queries(tenantId, new Date().getUTCFullYear() - 1)
  const results: [string, Record<string, number>][] = []
  for (const [step, ddl] of STEPS) {
    for (const statement of ddl) await database.raw(statement)
    const row: Record<string, number> = {}
    for (const [name, [text, params]] of Object.entries(q)) {
      const times: number[] = []
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now()
        await scopes.withTenant(tenantId, (s) => s.db.executeQuery(CompiledQuery.raw(text, params)))
        times.push(performance.now() - t)
      }
      row[name] = times.sort((a, b) => a - b)[RUNS >> 1]!
      if (values.plans) {
        const plan = await scopes.withTenant(tenantId, (s) =>
          s.db.executeQuery<Record<string, string>>(CompiledQuery.raw(`explain analyze ${text}`, params)),
        )
        out(`-- ${step}: ${name}\n${plan.rows.map((r) => Object.values(r)[0]).join('\n')}\n`)
      }
    }
    results.push([step, row])
  }
  const names = Object.keys(q)
  out(`**${dbs.description}**, ${tenants} tenants × 50,000 trades, ms (median of ${RUNS})\n`)
  out(`| step | ${names.join(' | ')} |`)
  out(`| --- |${names.map(() => ' ---: |').join('')}`)
  for (const [step, r] of results) out(`| ${step} | ${names.map((n) => r[n]!.toFixed(1)).join(' | ')} |`)
} finally {
  await database.close()
  await dbs.dispose()
}
