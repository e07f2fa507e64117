import assert from 'node:assert/strict'
import { after, before, beforeEach, describe, it } from 'node:test'
import { fixedClock } from '../../../../src/platform/clock.ts'
import { testConfig } from '../../../../src/platform/config.ts'
import { createMarketProviders } from '../../../../src/providers/market-data/index.ts'
import {
  createHttpClient,
  UpstreamProtocolError,
  UpstreamServerError,
} from '../../../../src/providers/shared/http.ts'
import { createEcbFx, fileFor } from '../../../../src/providers/market-data/ecb/ecb.ts'
import type { FxDay } from '../../../../src/providers/market-data/market-data.port.ts'
import { startEcbFake, type EcbFake } from './ecb-fake.ts'

// Fixings on the weekdays of 2024-11-01 … 2025-03-10 (no holidays, for simplicity).
function fixings(): FxDay[] {
  const out: FxDay[] = []
  for (let t = Date.UTC(2024, 10, 1); t <= Date.UTC(2025, 2, 10); t += 86_400_000) {
    const d = new Date(t)
    if (d.getUTCDay() === 0 || d.getUTCDay() === 6) continue
    const i = out.length
    out.push({
      date: d.toISOString().slice(0, 10),
      rates: { USD: (1.05 + i / 10_000).toFixed(4), JPY: '161.52', GBP: '0.8342' },
    })
  }
  return out
}

const rejection = (p: Promise<unknown>): Promise<unknown> =>
  p.then(
    (v) => assert.fail(`expected a rejection, got ${JSON.stringify(v)}`),
    (e: unknown) => e,
  )

describe('ECB reference rates adapter', () => {
  let fake: EcbFake
  const all = fixings()
  before(async () => {
    fake = await startEcbFake(all, '2025-03-10')
  })
  after(() => fake.close())
  beforeEach(() => fake.set(all, '2025-03-10'))

  // Monday 2025-03-10, 18:00 UTC: that day's fixing is out.
  const ecb = (at = '2025-03-10T18:00:00Z') =>
    createEcbFx({
      http: createHttpClient({ sleep: async () => {}, random: () => 0 }),
      baseUrl: fake.baseUrl,
      clock: fixedClock(at),
    })

  it('parses the XML: ascending days, rates as published decimal strings, quoted currencies', async () => {
    const days = await ecb().dailyRates('2025-03-03', '2025-03-07')
    assert.deepEqual(
      days.map((d) => d.date),
      ['2025-03-03', '2025-03-04', '2025-03-05', '2025-03-06', '2025-03-07'],
    )
    const want = all.find((d) => d.date === '2025-03-05')!
    assert.deepEqual(days[2], want)
    assert.equal(typeof days[2].rates.USD, 'string')
    assert.deepEqual(await ecb().currencies(), ['EUR', 'GBP', 'JPY', 'USD'])
  })

  it('reads the smallest file that covers the range', async () => {
    assert.equal(fileFor('2025-03-10', '2025-03-10'), 'daily')
    assert.equal(fileFor('2025-01-01', '2025-03-10'), 'days90')
    assert.equal(fileFor('2024-11-01', '2025-03-10'), 'all')
    // The latest fixing: the daily file alone.
    assert.deepEqual(
      (await ecb().dailyRates('2025-03-10', '2025-03-10')).map((d) => d.date),
      ['2025-03-10'],
    )
    assert.deepEqual(fake.requests, ['/eurofxref-daily.xml'])
    // From Saturday: only a weekend lies before Monday's fixing, so the daily file covers it.
    fake.set(all, '2025-03-10')
    assert.equal((await ecb().dailyRates('2025-03-08', '2025-03-10')).length, 1)
    assert.deepEqual(fake.requests, ['/eurofxref-daily.xml'])
    // From Friday: the daily file misses Friday's fixing → the 90-day file.
    fake.set(all, '2025-03-10')
    assert.deepEqual(
      (await ecb().dailyRates('2025-03-07', '2025-03-10')).map((d) => d.date),
      ['2025-03-07', '2025-03-10'],
    )
    assert.deepEqual(fake.requests, ['/eurofxref-daily.xml', '/eurofxref-hist-90d.xml'])
    fake.set(all, '2025-03-10')
    assert.equal((await ecb().dailyRates('2025-01-02', '2025-01-31')).length, 22)
    assert.deepEqual(fake.requests, ['/eurofxref-hist-90d.xml'])
    fake.set(all, '2025-03-10')
    const old = await ecb().dailyRates('2024-11-01', '2024-11-30')
    assert.equal(old.length, 21)
    assert.equal(old[0]!.date, '2024-11-01')
    assert.deepEqual(fake.requests, ['/eurofxref-hist.xml'])
  })

  it('an upstream 5xx is a typed server error after the retries', async () => {
    fake.failNext(500, undefined, 3)
    const e = await rejection(ecb().dailyRates('2025-01-02', '2025-01-31'))
    assert.ok(e instanceof UpstreamServerError, String(e))
    assert.equal(fake.requests.length, 3, 'two retries')
  })

  it('garbage or the wrong XML is a protocol error', async () => {
    for (const body of [
      'not xml at all <<<',
      '<html><body>maintenance</body></html>',
      `<?xml version="1.0"?><gesmes:Envelope xmlns:gesmes="g"><Cube><Cube time='2025-13-01'><Cube currency='USD' rate='1.1'/></Cube></Cube></gesmes:Envelope>`,
      `<?xml version="1.0"?><gesmes:Envelope xmlns:gesmes="g"><Cube><Cube time='2025-03-07'><Cube currency='USD' rate='-1'/></Cube></Cube></gesmes:Envelope>`,
    ]) {
      fake.failNext(200, body)
      const e = await rejection(ecb().dailyRates('2025-01-02', '2025-01-31'))
      assert.ok(e instanceof UpstreamProtocolError, `${body}: ${String(e)}`)
      assert.equal(e.provider, 'ecb')
    }
  })

  it('is chosen by FX_PROVIDER=ecb with ECB_BASE_URL; simulated by default', async () => {
    const deps = { clock: fixedClock('2025-03-10T18:00:00Z'), http: createHttpClient() }
    assert.equal(createMarketProviders(testConfig(), deps).fx.name, 'simulated')
    const fx = createMarketProviders(testConfig({ FX_PROVIDER: 'ecb', ECB_BASE_URL: fake.baseUrl }), deps).fx
    assert.equal(fx.name, 'ecb')
    assert.equal((await fx.dailyRates('2025-03-10', '2025-03-10'))[0]?.rates.USD, all.at(-1)!.rates.USD)
  })
})
