/**
 * POST /api/trading-intel/backtest over 10 years and 100,000 stored trades, end to end:
 * `npx tsx bench/backtest-http.ts [trades] [runs]` (PGlite in memory; `DATABASE_URL=postgres://…`
 * for a server). The real app; 100,000 closed trades of one manual account (200 symbols, held 0–30
 * days, 2016-11-21 … 2026-11-20) written straight into realized_trade (the bench is not a module, so
 * it may), and a market provider answering precomputed daily bars from memory (no simulator cost).
 * Times, sequentially: the service function (`backtest.run`: the trade read, the price reads, the
 * replay, the insert of the run with its 8.8 MB log), then the same over HTTP on a real port
 * (+ auth, validation, serialisation of the answer), and the three I/O phases alone. Median and best in ms.
 */
import { SimulatedMarketData, type Bar, type BarsQuery } from '../src/providers/market-data/index.ts'
import { dayNumber, dayString, tradingDayNumbers } from '../src/modules/backtest/lib/calendar.ts'
import { fixedClock } from '../src/platform/clock.ts'
import { insertRun } from '../src/modules/backtest/backtest.repository.ts'
import { RECORD_BYTES } from '../src/modules/backtest/lib/log-codec.ts'
import { readCloses } from '../src/modules/backtest/prices.ts'
import { buildTestApp } from '../test/helpers/test-app.ts'

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
  env: { RATE_LIMIT_ENABLED: 'false' },
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

const body = {
  strategy: 'replay' as const,
  from: FROM,
  to: TO,
  initial_capital: 1_000_000,
  params: { sizing: 'percent_of_equity' as const, percent: 2 },
}
const scope = {
  tenantId: u.tenantId,
  userId: u.userId,
  role: 'user' as const,
  plan: 'free',
  via: 'bearer' as const,
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const fmt = (xs: number[]) => `median ${median(xs).toFixed(0)} ms, best ${Math.min(...xs).toFixed(0)} ms`

async function timed(work: () => Promise<unknown>): Promise<number[]> {
  await work() // warm-up
  const out: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const at = performance.now()
    await work()
    out.push(performance.now() - at)
  }
  return out
}

const first = await t.c.backtest.backtest.run(scope, body)
// The phases alone: the trade read, the price reads (200 symbols from memory), the stored write.
const read = await timed(() => t.c.portfolio.holdings.realizedBetween(u.tenantId, { from: FROM, to: TO }))
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
const write = await timed(() =>
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
      trade_log: log,
      log_symbols: JSON.stringify(syms),
      created_at: new Date(),
    }),
  ),
)
const service = await timed(() => t.c.backtest.backtest.run(scope, body))
const base = await t.app.listen({ port: 0, host: '127.0.0.1' })
const http = await timed(async () => {
  const res = await fetch(`${base}/api/trading-intel/backtest`, {
    method: 'POST',
    headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (res.status !== 200) throw new Error(`${res.status}: ${await res.text()}`)
  await res.arrayBuffer()
})
const page = await timed(async () => {
  const res = await fetch(`${base}/api/trading-intel/backtests/${first.id}/trades?page=900&page_size=100`, {
    headers: { authorization: `Bearer ${u.token}` },
  })
  if (res.status !== 200) throw new Error(String(res.status))
  await res.arrayBuffer()
})
process.stdout.write(
  `${first.trades_total} trades, ${first.prices.priced} symbols priced, ${first.equity_curve.length} trading days; ` +
    `engine ${process.env['DATABASE_URL']?.split(':')[0] ?? 'pglite'}\n` +
    `service backtest.run: ${fmt(service)} over ${RUNS} runs\n` +
    `  of which: read the trades ${fmt(read)}; read + align 200 symbols' closes ${fmt(prices)}; ` +
    `store the run (${(log.byteLength / 1e6).toFixed(1)} MB log) ${fmt(write)}\n` +
    `POST /backtest over HTTP: ${fmt(http)}\n` +
    `GET /backtests/{id}/trades page 900: ${fmt(page)}\n`,
)
await t.close()
