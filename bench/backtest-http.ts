/**
 * POST /api/trading-intel/backtest over 10 years and 100,000 stored trades, end to end:
 * `npx tsx bench/backtest-http.ts [trades] [runs]` (PGlite in memory; `BENCH_PGLITE_DIR=/tmp/x` for
 * PGlite on disk; `DATABASE_URL=postgres://…` for a server). The real app; 100,000 closed trades of
 * one manual account (200 symbols, held 0–30 days, 2016-11-21 … 2026-11-20) written straight into
 * realized_trade (the bench is not a module, so it may), and a market provider answering precomputed
 * daily bars from memory (no simulator cost).
 *
 * Five cases, each timed for the service function (`backtest.run`) and over HTTP on a real port
 * (+ auth, validation, serialisation; the client is a worker thread, so that the server's work after
 * the answer — the deferred log write, which on PGlite runs in this thread — does not delay its
 * reading): **nothing held**, a tenant's very first run (no trades in memory, no packed value: the
 * trades are read whole); **first after an import**, the same with the notice an import gives and
 * its pack job run before (untimed); **first in a process**, the memory cache emptied as by a restart (the
 * packed value is read, with the changes since it: a new container and app on the same database); **after a write**, one trade rewritten before
 * the run (the cache applies the changed row); and **warm**, a repeat with other params (sizing
 * 2 % ↔ 3 %). Between timed runs the deferred log and packed-value writes are awaited outside the
 * timing ("settled"); "back to back" sends the next warm run at once, so it waits behind the
 * previous log write where the engine shares the thread. Then the I/O phases
 * alone. Median and best in ms.
 */
import { SimulatedMarketData, type Bar, type BarsQuery } from '../src/providers/market-data/index.ts'
import {
  dayNumber,
  dayString,
  tradingDayNumbers,
} from '../src/modules/trading-intel/backtest/lib/calendar.ts'
import { fixedClock } from '../src/platform/clock.ts'
import { Worker } from 'node:worker_threads'
import { sql } from 'kysely'
import { insertRun, storeLog } from '../src/modules/trading-intel/backtest/backtest.repository.ts'
import { RECORD_BYTES } from '../src/modules/trading-intel/backtest/lib/log-codec.ts'
import { readCloses } from '../src/modules/trading-intel/backtest/prices.service.ts'
import { buildTestApp, serviceKeys } from '../test/helpers/test-app.ts'
import { median } from './report.ts'

const TRADES = Number(process.argv[2] ?? 100_000)
const RUNS = Number(process.argv[3] ?? 7)
const SYMBOLS = 200
const FROM = '2016-11-21'
const TO = '2026-11-20'

let seed = 42
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
const days = tradingDayNumbers(dayNumber(FROM), dayNumber(TO))
const bars = new Map<string, Bar[]>()
for (let s = 0; s < SYMBOLS; s++) {
  let price = 20 + random() * 200
  bars.set(
    `S${s}`,
    Array.from(days, (d) => {
      price *= 1 + (random() - 0.5) * 0.04
      const time = `${dayString(d)}T05:00:00.000Z`
      return { time, open: price, high: price, low: price, close: price, volume: 1, vwap: null }
    }),
  )
}

/** Daily bars from memory for S0…S199; the simulator for the rest. */
class MemoryMarket extends SimulatedMarketData {
  override async bars(symbol: string, q: BarsQuery): Promise<Bar[]> {
    const b = bars.get(symbol)
    if (!b) return super.bars(symbol, q)
    // ISO strings of one format compare as instants: no Date per bar in the stub.
    const [start, end] = [q.start?.toISOString() ?? '', q.end?.toISOString() ?? '9']
    return b.filter((x) => x.time >= start && x.time <= end)
  }
}

const clock = fixedClock('2026-11-24T15:00:00Z')
const t = await buildTestApp({
  clock,
  providers: { market: new MemoryMarket({ clock }) },
  env: {
    ...serviceKeys(), // a restarted process accepts the sessions of the first
    RATE_LIMIT_ENABLED: 'false',
    ...(process.env['BENCH_PGLITE_DIR']
      ? { DATABASE_URL: '', DATA_DIR: process.env['BENCH_PGLITE_DIR'] }
      : {}),
  },
})
const u = await t.newTenant()
const account = JSON.parse(
  (await u.post('/api/accounts', { name: 'Bench', broker_type: 'manual' })).body,
) as { id: number }
await t.c.scopes.withTenant(u.tenantId, async ({ db }) => {
  for (let from = 0; from < TRADES; from += 5000) {
    const rows = Array.from({ length: Math.min(5000, TRADES - from) }, () => {
      const s = Math.floor(random() * SYMBOLS)
      const e = Math.floor(random() * (days.length - 25))
      const x = Math.min(days.length - 1, e + Math.floor(random() * 22))
      const series = bars.get(`S${s}`)!
      const qty = 1 + Math.floor(random() * 100)
      const cost = (qty * series[e]!.close).toFixed(4)
      const proceeds = (qty * series[x]!.close).toFixed(4)
      const sold = dayString(days[x]!)
      return {
        tenant_id: u.tenantId,
        account_id: account.id,
        symbol: `S${s}`,
        quantity: String(qty),
        date_acquired: dayString(days[e]!),
        date_sold: sold,
        sold_on: sold,
        proceeds,
        cost_basis: cost,
        fees: '1',
        gain_loss: (Number(proceeds) - Number(cost) - 1).toFixed(4),
        term: 'short' as const,
      }
    })
    await db.insertInto('realized_trade').values(rows).execute()
  }
})
await t.c.database.raw('analyze realized_trade')

const body = (percent: number) => ({
  strategy: 'replay' as const,
  from: FROM,
  to: TO,
  initial_capital: 1_000_000,
  params: { sizing: 'percent_of_equity' as const, percent },
})
const scope = {
  tenantId: u.tenantId,
  userId: u.userId,
  role: 'user' as const,
  plan: 'free',
  via: 'bearer' as const,
}
const fmt = (xs: number[]) => `median ${median(xs).toFixed(0)} ms, best ${Math.min(...xs).toFixed(0)} ms`

/**
 * The process that answers: the first, then, after each restart, a new container and app on the same
 * database (nothing in memory), the previous restarted one closed. Listening when `http` is set.
 */
let live: { c: typeof t.c; app: typeof t.app; close?: () => Promise<void> } = { c: t.c, app: t.app }
let http = false
let base = ''
async function restart() {
  await live.close?.()
  live = await t.restart()
  if (http) base = await live.app.listen({ port: 0, host: '127.0.0.1' })
}

interface Around {
  before?: () => Promise<unknown>
  after?: () => Promise<unknown>
}

/** A duration measured by `work` itself (the HTTP client thread). */
class Took {
  constructor(readonly ms: number) {}
}

/** `work` timed RUNS times after one warm-up; `before` and `after` each run are not timed. */
async function timed(work: (i: number) => Promise<unknown>, around: Around = {}): Promise<number[]> {
  const out: number[] = []
  for (let i = -1; i < RUNS; i++) {
    await around.before?.()
    const at = performance.now()
    const r = await work(i)
    const took = r instanceof Took ? r.ms : performance.now() - at
    await around.after?.()
    if (i >= 0) out.push(took)
  }
  return out
}

/** A portfolio write (the trade cache applies it next): one trade rewritten as it was. */
const touch = () =>
  t.c.scopes.withTenant(u.tenantId, ({ db }) =>
    sql`update realized_trade set fees = fees where id = (select min(id) from realized_trade)`.execute(db),
  )
const idle = async () => {
  await live.c.backtest.logs.idle()
  await live.c.backtest.packs.idle()
}
const settled: Around = { after: idle }
const afterWrite: Around = { before: touch, after: idle }
// A restarted process: nothing in memory; the packed trades are read, with the changes since them.
const emptied: Around = { before: restart, after: idle }
// A tenant's very first run: nothing in memory and no packed value either (the trades read whole).
const forget = async () => {
  await restart()
  await t.c.scopes.withTenant(u.tenantId, ({ db }) => db.deleteFrom('backtest_trade_pack').execute())
}
const unpacked: Around = { before: forget, after: idle }
// The first run after an import: nothing held, then the notice an import gives and its pack job.
const imported: Around = {
  before: async () => {
    await forget()
    t.c.portfolio.tradeWrites.written(u.tenantId, TRADES)
    await t.c.jobs.drain() // in the first process, which runs the jobs
    await restart() // the job's process is not the one that runs it
  },
  after: idle,
}
// Warm runs alternate 2 % and 3 % sizing: other params, the same trades.
const other = (i: number) => body(i % 2 ? 2 : 3)

const first = await live.c.backtest.backtest.run(scope, body(2))
await idle()
const serviceNever = await timed(() => live.c.backtest.backtest.run(scope, body(2)), unpacked)
const serviceImported = await timed(() => live.c.backtest.backtest.run(scope, body(2)), imported)
const serviceFirst = await timed(() => live.c.backtest.backtest.run(scope, body(2)), emptied)
const serviceCold = await timed(() => live.c.backtest.backtest.run(scope, body(2)), afterWrite)
const serviceWarm = await timed((i) => live.c.backtest.backtest.run(scope, other(i)), settled)
const serviceBackToBack = await timed((i) => live.c.backtest.backtest.run(scope, other(i)))
await idle()

http = true
base = await live.app.listen({ port: 0, host: '127.0.0.1' })
// The client in its own thread: it reads the answer as soon as it is sent (timed there).
const client = new Worker(
  `const { parentPort, workerData } = require('node:worker_threads')
   parentPort.on('message', async ({ url, payload }) => {
     const at = performance.now()
     const res = await fetch(url, { method: 'POST', headers: workerData.headers, body: payload })
     await res.arrayBuffer()
     parentPort.postMessage({ status: res.status, ms: performance.now() - at })
   })`,
  {
    eval: true,
    workerData: {
      headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' },
    },
  },
)
const post = (b: unknown) =>
  new Promise<Took>((resolve, reject) => {
    client.once('message', (m: { status: number; ms: number }) =>
      m.status === 200 ? resolve(new Took(m.ms)) : reject(new Error(`HTTP ${m.status}`)),
    )
    client.postMessage({ url: `${base}/api/trading-intel/backtest`, payload: JSON.stringify(b) })
  })
const httpNever = await timed(() => post(body(2)), unpacked)
const httpImported = await timed(() => post(body(2)), imported)
const httpFirst = await timed(() => post(body(2)), emptied)
const httpCold = await timed(() => post(body(2)), afterWrite)
const httpWarm = await timed((i) => post(other(i)), settled)
const httpBackToBack = await timed((i) => post(other(i)))
await idle()
await client.terminate()

// The phases alone: the whole trade read (first), the changes since a read after one write, a cache
// hit with nothing written since (warm), the price reads
// (200 symbols from memory), the run row as inserted in the request, the deferred 8.8 MB log write.
const read = await timed(() => t.c.portfolio.holdings.realizedBetween(u.tenantId, { from: FROM, to: TO }))
const { mark } = await t.c.portfolio.holdings.realizedBetween(u.tenantId, { from: FROM, to: TO })
const since = await timed(() => t.c.portfolio.holdings.realizedSince(u.tenantId, { since: mark }), {
  before: touch,
})
const unpack = await timed(() => t.c.backtest.packs.read(u.tenantId, '*'))
const hit = await timed(() => live.c.backtest.tradeCache.read(u.tenantId, { from: FROM, to: TO }))
const market = new MemoryMarket({ clock })
const syms = Array.from({ length: SYMBOLS }, (_, i) => `S${i}`)
const prices = await timed(() =>
  readCloses(
    market,
    t.c.log,
    syms,
    syms.map(() => 1),
    days,
  ),
)
const log = new Uint8Array(first.trades_total * RECORD_BYTES)
const pendingRow = () =>
  t.c.scopes.withTenant(u.tenantId, (s) =>
    insertRun(s, {
      strategy: 'replay',
      account_id: null,
      date_from: FROM,
      date_to: TO,
      initial_capital: 1,
      trades_total: first.trades_total,
      summary: JSON.stringify(first.summary),
      detail: '{}',
      equity_curve: JSON.stringify(first.equity_curve),
      trade_log: log.subarray(0, 100 * RECORD_BYTES),
      log_symbols: JSON.stringify(syms),
      log_status: 'pending',
      created_at: new Date(),
    }),
  )
let row = 0
const insert = await timed(async () => (row = await pendingRow()))
const minuteAgo = new Date(Date.now() - 60_000)
const store = await timed(() => t.c.scopes.withTenant(u.tenantId, (s) => storeLog(s, row, log, minuteAgo)), {
  before: async () => (row = await pendingRow()),
})
const pageUrl = `${base}/api/trading-intel/backtests/${first.id}/trades?page=900&page_size=100`
const page = await timed(async () => {
  const res = await fetch(pageUrl, { headers: { authorization: `Bearer ${u.token}` } })
  if (res.status !== 200) throw new Error(String(res.status))
  await res.arrayBuffer()
})
const engine =
  process.env['DATABASE_URL']?.split(':')[0] ??
  (process.env['BENCH_PGLITE_DIR'] ? 'pglite-disk' : 'pglite-memory')
process.stdout.write(
  `${first.trades_total} trades, ${first.prices.priced} symbols priced, ${first.equity_curve.length} trading days; ` +
    `engine ${engine}; ${RUNS} runs after one warm-up each\n` +
    `service backtest.run   nothing held (no packed value): ${fmt(serviceNever)}\n` +
    `                       first after an import (its pack job ran): ${fmt(serviceImported)}\n` +
    `                       first in a process (packed value): ${fmt(serviceFirst)}\n` +
    `                       after a write: ${fmt(serviceCold)}\n` +
    `                       warm (other params): ${fmt(serviceWarm)}; back to back ${fmt(serviceBackToBack)}\n` +
    `POST /backtest (HTTP)  nothing held (no packed value): ${fmt(httpNever)}\n` +
    `                       first after an import (its pack job ran): ${fmt(httpImported)}\n` +
    `                       first in a process (packed value): ${fmt(httpFirst)}\n` +
    `                       after a write: ${fmt(httpCold)}\n` +
    `                       warm: ${fmt(httpWarm)}; back to back ${fmt(httpBackToBack)}\n` +
    `phases: read the trades whole ${fmt(read)}; the changes since, after one write ${fmt(since)}; ` +
    `read and decode the packed value ${fmt(unpack)}; cache hit ${fmt(hit)}; ` +
    `read + align 200 symbols' closes ${fmt(prices)}; insert the run row ${fmt(insert)}; ` +
    `store the ${(log.byteLength / 1e6).toFixed(1)} MB log after the answer ${fmt(store)}\n` +
    `GET /backtests/{id}/trades page 900: ${fmt(page)}\n`,
)
await t.close()
