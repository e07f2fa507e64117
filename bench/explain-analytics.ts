/**
 * Where the analytics time goes, on the same big tenant as `bench/run.ts analytics`:
 * `npx tsx bench/explain-analytics.ts [--vacuum]` (engine from DATABASE_URL, as run.ts).
 *
 * In one process, no HTTP: it seeds the tenant (bench/seed-portfolio.ts), then
 * 1. times each AnalyticsService method (median of 5 calls) and the size of its JSON answer;
 * 2. captures the exact SQL each repository function sends (a pass-through Kysely plugin that
 *    compiles every query it sees), times it alone, and prints `EXPLAIN (ANALYZE, BUFFERS)` of it,
 *    run inside `withTenant` so row-level security and the `sextant_app` role apply as in the app.
 * `--vacuum` runs `vacuum (analyze)` on the portfolio tables first, as bench/server.ts does on
 * PostgreSQL (where autovacuum would soon do it anyway); PGlite never autovacuums or autoanalyzes.
 */
import { parseArgs } from 'node:util'
import { CompiledQuery, type KyselyPlugin } from 'kysely'
import pino from 'pino'
import * as repo from '../src/modules/portfolio/analytics/analytics.repository.ts'
import { AnalyticsService } from '../src/modules/portfolio/analytics/analytics.service.ts'
import { FxService } from '../src/modules/market/market-data/fx.service.ts'
import { createSimulatedFx } from '../src/providers/market-data/simulator/fx.ts'
import { listInvestors } from '../src/modules/portfolio/capital/capital.repository.ts'
import type { RequestScope } from '../src/platform/auth/scope.ts'
import { createMemoryCache } from '../src/platform/cache/index.ts'
import { systemClock } from '../src/platform/clock.ts'
import { loadConfig } from '../src/platform/config.ts'
import { createDatabase, createScopes, type TenantScope } from '../src/platform/db/index.ts'
import { migrateToLatest } from '../src/app/migrations.ts'
import { nyDate } from '../src/kernel/calendar/nyse.ts'
import { prepareDatabases } from './engine.ts'
import { seedPortfolio } from './seed-portfolio.ts'
import { median } from './report.ts'

const RUNS = 5
class RollBack extends Error {}
const out = (line = '') => process.stdout.write(`${line}\n`)

async function timed(work: () => Promise<unknown>): Promise<{ ms: number; result: unknown }> {
  const times: number[] = []
  let result: unknown
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now()
    result = await work()
    times.push(performance.now() - t)
  }
  return { ms: median(times), result }
}

const { values } = parseArgs({ options: { vacuum: { type: 'boolean', default: false } } })
const dbs = await prepareDatabases(process.env['DATABASE_URL'] || undefined)
const env: Record<string, string | undefined> = { ...process.env, LOG_LEVEL: 'silent', ...dbs.envFor('app') }
const config = loadConfig(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)))
const database = await createDatabase(config)
try {
  await migrateToLatest(database)
  const log = pino({ level: 'silent' })
  const scopes = createScopes(database.db, log)
  const tenantId = await scopes.withSystem('bench: explain tenant', async ({ db }) => {
    const t = await db
      .insertInto('tenant')
      .values({ name: 'Explain tenant', plan_code: 'free' })
      .returning('id')
      .executeTakeFirstOrThrow()
    return t.id
  })
  const seeded = await seedPortfolio(scopes, tenantId, nyDate(systemClock.now()))
  out(`# ${dbs.description}${values.vacuum ? ', after vacuum (analyze)' : ', never vacuumed or analyzed'}`)
  out(`seeded ${seeded.trades} trades, ${seeded.snapshots} snapshots in ${(seeded.ms / 1000).toFixed(1)} s`)
  if (values.vacuum)
    await database.raw(
      'vacuum (analyze) realized_trade, portfolio_snapshot, realized_daily, unrealized_daily, capital_flow, investor, broker_account',
    )

  // 1. Whole service calls (DB + JS), as the routes make them on a cache miss: this cache never
  //    hits, so every call computes its answer.
  const neverHits = {
    ...createMemoryCache(),
    wrap: async <T>(_k: string, _t: number, compute: () => Promise<T>) => ({
      value: await compute(),
      hit: false,
    }),
  }
  const fx = new FxService({ fx: createSimulatedFx() })
  const analytics = new AnalyticsService({ scopes, clock: systemClock, cache: neverHits, fx })
  const who: RequestScope = { tenantId, userId: 1, role: 'user', plan: 'free', via: 'bearer' }
  const year = new Date().getUTCFullYear() - 1
  const endpoints: [string, () => Promise<unknown>][] = [
    ['aum', () => analytics.aum(who, {})],
    ['cumulative-pnl', () => analytics.cumulativePnl(who, {})],
    ['drawdown', () => analytics.drawdown(who, {})],
    ['pnl monthly', () => analytics.pnl(who, { period: 'monthly' })],
    [`pnl daily ${year}`, () => analytics.pnl(who, { period: 'daily', year })],
    ['date-range', () => analytics.dateRange(who, {})],
    ['yoy', () => analytics.yoy(who, {})],
    ['investor-allocation', () => analytics.investorAllocation(who, {})],
  ]
  out('\n## Service calls (median of 5, in-process, no HTTP)\n')
  out('| endpoint | ms | JSON bytes |')
  out('|---|---:|---:|')
  for (const [name, call] of endpoints) {
    const { ms, result } = await timed(call)
    out(`| ${name} | ${ms.toFixed(1)} | ${JSON.stringify(result).length.toLocaleString('en-US')} |`)
  }

  // 2. Each repository query alone, then its plan.
  const captured: CompiledQuery[] = []
  const spy: KyselyPlugin = {
    transformQuery: (args) => {
      captured.push(database.db.getExecutor().compileQuery(args.node, args.queryId))
      return args.node
    },
    transformResult: async (args) => args.result,
  }
  const spyScopes = createScopes(database.db.withPlugin(spy), log)
  const queries: [string, (s: TenantScope) => Promise<unknown>][] = [
    ['dailyRealized (cumulative-pnl, drawdown, aum, yoy, allocation)', (s) => repo.dailyRealized(s, {})],
    ['periodRealized monthly', (s) => repo.periodRealized(s, {}, 'monthly')],
    [
      `periodRealized daily, year ${year}`,
      (s) => repo.periodRealized(s, { from: `${year}-01-01`, to: `${year}-12-31` }, 'daily'),
    ],
    ['periodRealized yearly (yoy)', (s) => repo.periodRealized(s, {}, 'yearly')],
    ['dateRange', (s) => repo.dateRange(s, {})],
    ['snapshotTotals (aum, yoy, allocation)', (s) => repo.snapshotTotals(s)],
    ['flowsByDate (aum, yoy, allocation)', (s) => repo.flowsByDate(s)],
    ['listInvestors (allocation)', (s) => listInvestors(s)],
  ]
  out('\n## Repository queries (median of 5, each in its own withTenant transaction)\n')
  for (const [name, query] of queries) {
    captured.length = 0
    await spyScopes.withTenant(tenantId, query)
    const q = captured.find((c) => !c.sql.includes('set_config'))
    if (!q) throw new Error(`${name}: no query captured`)
    const { ms } = await timed(() => scopes.withTenant(tenantId, (s) => s.db.executeQuery(q)))
    const plan = await scopes.withTenant(tenantId, (s) =>
      s.db.executeQuery<Record<string, string>>(
        CompiledQuery.raw(`explain (analyze, buffers) ${q.sql}`, [...q.parameters]),
      ),
    )
    out(`### ${name}: ${ms.toFixed(1)} ms\n`)
    out('```sql')
    out(q.sql)
    out(`-- parameters: ${JSON.stringify(q.parameters)}`)
    out('```\n')
    out('```')
    for (const row of plan.rows) out(Object.values(row)[0])
    out('```\n')
  }

  // 3. What the rollup triggers (migration 0007) add to writes: each statement in its own
  //    transaction, rolled back so every run sees the same tenant.
  const account = await scopes.withTenant(
    tenantId,
    async (s) =>
      (await s.db.selectFrom('broker_account').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
  )
  const today = nyDate(new Date())
  const snapshot = (date: string) => ({
    tenant_id: tenantId,
    account_id: account,
    snapshot_date: date,
    symbol: 'ZZZZ',
    quantity: 1,
    price: 1,
    market_value: 1,
    cost_basis: 1,
    unrealized_pl: 0.5,
  })
  const trade = () => ({
    tenant_id: tenantId,
    account_id: account,
    symbol: 'ZZZZ',
    quantity: 1,
    date_acquired: 'VARIOUS',
    date_sold: today,
    sold_on: today,
    proceeds: 2,
    cost_basis: 1,
    gain_loss: 1,
    term: 'short' as const,
  })
  const threeYearsAgo = `${Number(today.slice(0, 4)) - 3}${today.slice(4)}`
  const writes: [string, (s: TenantScope) => Promise<unknown>][] = [
    ['one trade', (s) => s.db.insertInto('realized_trade').values(trade()).execute()],
    [
      '1,000 trades in one statement',
      (s) =>
        s.db
          .insertInto('realized_trade')
          .values(Array.from({ length: 1000 }, trade))
          .execute(),
    ],
    [
      'a snapshot row dated today',
      (s) => s.db.insertInto('portfolio_snapshot').values(snapshot(today)).execute(),
    ],
    [
      'a snapshot row dated 3 years back (recomputes the account from then on)',
      (s) => s.db.insertInto('portfolio_snapshot').values(snapshot(threeYearsAgo)).execute(),
    ],
  ]
  out('\n## Writes (median of 5, rolled back; triggers included)\n')
  out('| write | ms |')
  out('|---|---:|')
  for (const [name, write] of writes) {
    const { ms } = await timed(() =>
      scopes
        .withTenant(tenantId, async (s) => {
          await write(s)
          throw new RollBack()
        })
        .catch((e: unknown) => {
          if (!(e instanceof RollBack)) throw e
        }),
    )
    out(`| ${name} | ${ms.toFixed(1)} |`)
  }
} finally {
  await database.close()
  await dbs.dispose()
}
