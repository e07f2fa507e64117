import { after, before, beforeEach, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { SEC_ISSUER_CIK, SEC_OLDER_PAGE, startSecFake, type SecFake } from '../../../fakes/sec-fake.ts'
import { fixedClock, systemClock, type Clock } from '../../../../src/platform/clock.ts'
import {
  UpstreamAuthError,
  UpstreamProtocolError,
  createHttpClient,
  type HttpClient,
} from '../../../../src/providers/shared/http.ts'
import {
  createSecEdgar,
  type SecEdgarOptions,
} from '../../../../src/providers/market-data/sec-edgar/sec-edgar.ts'
import { Form4ParseError, parseForm4 } from '../../../../src/providers/market-data/sec-edgar/form4.ts'

const UA = 'SextantTest ops@sextant.example'
const rejection = (p: Promise<unknown>): Promise<unknown> =>
  p.then(
    (v) => assert.fail(`expected rejection, got ${JSON.stringify(v)}`),
    (e: unknown) => e,
  )

describe('sec edgar adapter', () => {
  let fake: SecFake
  let http: HttpClient
  let httpSleeps: number[]

  before(async () => {
    fake = await startSecFake()
  })
  after(() => fake.close())
  beforeEach(() => {
    fake.reset()
    httpSleeps = []
    http = createHttpClient({ sleep: async (ms) => void httpSleeps.push(ms), random: () => 0 })
  })

  const sec = (extra: Partial<SecEdgarOptions> = {}) =>
    createSecEdgar({
      http,
      baseUrl: fake.baseUrl,
      archivesBaseUrl: fake.baseUrl,
      userAgent: UA,
      clock: fixedClock('2025-05-10T00:00:00Z'),
      sleep: async () => {},
      ...extra,
    })
  const folder = (acc: string) => `/Archives/edgar/data/123456/${acc}`

  it('answers purchases only, mapped from the Form 4 XML, newest first', async () => {
    const rows = await sec().insiderTransactions(['EXMP'], '2025-03-01', '2025-05-02')
    assert.deepEqual(rows, [
      {
        symbol: 'EXMP',
        insider_name: 'Doe Jane',
        insider_title: 'CTO',
        transaction_code: 'P',
        transaction_date: '2025-04-30',
        shares: 1000,
        price: 12.34,
        value: 12_340,
        shares_owned_after: 5000,
        filing_url: `${fake.baseUrl}${folder('000123456725000010')}/xslF345X05/form4-purchase.xml`,
        filed_at: '2025-05-02',
      },
      {
        symbol: 'EXMP',
        insider_name: 'Major Mary',
        insider_title: 'CEO, Director',
        transaction_code: 'P',
        transaction_date: '2025-04-09',
        shares: 500,
        price: 11.5,
        value: 5750,
        shares_owned_after: 20_500,
        filing_url: `${fake.baseUrl}${folder('000123456725000007')}/xslF345X06/form4.xml`,
        filed_at: '2025-04-10',
      },
      {
        symbol: 'EXMP',
        insider_name: 'Smith & Co Holdings LP; Smith GP LLC',
        insider_title: '10% Owner',
        transaction_code: 'P',
        transaction_date: '2025-03-18',
        shares: 2000,
        price: null,
        value: null,
        shares_owned_after: 1_002_000,
        filing_url: `${fake.baseUrl}${folder('000123456725000005')}/xslF345X05/form4-footnote.xml`,
        filed_at: '2025-03-20',
      },
    ])
    // Tickers file, submissions, then the raw XML of each Form 4 (never the 4/A, 10-Q or 8-K).
    assert.deepEqual(
      fake.requests.map((r) => r.path),
      [
        '/files/company_tickers.json',
        `/submissions/CIK${SEC_ISSUER_CIK}.json`,
        `${folder('000123456725000010')}/form4-purchase.xml`,
        `${folder('000123456725000008')}/form4-sale.xml`,
        `${folder('000123456725000007')}/form4.xml`,
        `${folder('000123456725000005')}/form4-footnote.xml`,
      ],
    )
    assert.ok(fake.requests.every((r) => r.userAgent === UA && r.status === 200))
  })

  it('filters by transaction date, not only by filing date', async () => {
    const april = await sec().insiderTransactions(['EXMP'], '2025-04-01', '2025-04-20')
    assert.deepEqual(
      april.map((t) => [t.insider_name, t.transaction_date]),
      [['Major Mary', '2025-04-09']],
    )
    // The 2025-03-20 filing is in range, but its purchase (2025-03-18) is not.
    assert.deepEqual(await sec().insiderTransactions(['EXMP'], '2025-03-19', '2025-03-31'), [])
    fake.reset()
    // January is older than filings.recent reaches: it comes from the older page in filings.files.
    const january = await sec().insiderTransactions(['EXMP'], '2025-01-01', '2025-01-31')
    assert.deepEqual(
      january.map((t) => [t.transaction_date, t.shares, t.value]),
      [['2025-01-13', 100, 1000]],
    )
    assert.ok(fake.requests.some((r) => r.path === `/submissions/${SEC_OLDER_PAGE}`))
    // A range that recent covers never reads the older page.
    fake.reset()
    await sec().insiderTransactions(['EXMP'], '2025-04-01', '2025-04-20')
    assert.ok(!fake.requests.some((r) => r.path === `/submissions/${SEC_OLDER_PAGE}`))
  })

  it('uses a given CIK map first and answers nothing for unknown symbols', async () => {
    const cikMap: Record<string, string> = { EXMP: '123456' }
    const rows = await sec({ tickerToCik: (s) => cikMap[s] ?? null }).insiderTransactions(
      ['EXMP'],
      '2025-04-25',
      '2025-05-02',
    )
    assert.equal(rows.length, 1)
    assert.equal(fake.requests[0]?.path, `/submissions/CIK${SEC_ISSUER_CIK}.json`)
    fake.reset()
    // BRK.B-style symbols match SEC's dashed tickers; Other Inc has no Form 4 at all.
    assert.deepEqual(await sec().insiderTransactions(['NOPE', 'OTHR.B'], '2025-01-01', '2025-05-02'), [])
    assert.deepEqual(
      fake.requests.map((r) => r.path),
      ['/files/company_tickers.json', '/submissions/CIK0000654321.json'],
    )
  })

  it('requires a User-Agent with a contact, which SEC enforces with 403', async () => {
    assert.throws(() => sec({ userAgent: 'sextant/0.1' }), TypeError)
    const e = await rejection(
      http.getJson({ url: `${fake.baseUrl}/files/company_tickers.json`, provider: 'sec' }),
    )
    assert.ok(e instanceof UpstreamAuthError)
    assert.equal(e.status, 403)
  })

  it('spaces requests at 100 ms (10/s) on the injected clock, whatever rate is asked', async () => {
    const clock = fixedClock('2025-05-10T00:00:00Z')
    const waits: number[] = []
    const sleep = async (ms: number) => {
      waits.push(ms)
      clock.advance(ms)
    }
    await sec({ clock, sleep, maxRequestsPerSecond: 50 }).insiderTransactions(
      ['EXMP'],
      '2025-03-01',
      '2025-05-02',
    )
    assert.equal(fake.requests.length, 6)
    assert.deepEqual(waits, [100, 100, 100, 100, 100])
  })

  it('sends real requests at least 100 ms apart with real timers', async () => {
    // Stamped in fetch, a few async steps after the limiter releases, so each stamp carries a
    // millisecond or two of scheduling jitter: the bound allows it, and still fails with no limiter
    // (requests would then be about 1 ms apart).
    const sent: number[] = []
    const timed = createHttpClient({ fetch: (input, init) => (sent.push(Date.now()), fetch(input, init)) })
    const clock: Clock = systemClock
    await sec({ http: timed, clock, sleep: undefined }).insiderTransactions(
      ['EXMP'],
      '2025-04-01',
      '2025-04-20',
    )
    assert.equal(sent.length, 4)
    for (let i = 1; i < sent.length; i++)
      assert.ok((sent[i] ?? 0) - (sent[i - 1] ?? 0) >= 90, `gap ${i}: ${sent.join()}`)
    assert.ok((sent[3] ?? 0) - (sent[0] ?? 0) >= 290, `span: ${sent.join()}`)
  })

  it('honours Retry-After on 429, then succeeds', async () => {
    fake.rateLimitNext(1, 1)
    const rows = await sec().insiderTransactions(['EXMP'], '2025-04-25', '2025-05-02')
    assert.equal(rows.length, 1)
    assert.deepEqual(httpSleeps, [1000])
    assert.deepEqual(
      fake.requests.slice(0, 2).map((r) => r.status),
      [429, 200],
    )
  })

  it('retries a 5xx, then succeeds', async () => {
    fake.failNext(503)
    const rows = await sec().insiderTransactions(['EXMP'], '2025-04-25', '2025-05-02')
    assert.equal(rows.length, 1)
    assert.equal(fake.requests[0]?.status, 503)
  })

  it('turns a malformed submissions JSON or Form 4 into UpstreamProtocolError', async () => {
    fake.malformNext('/submissions/')
    const e1 = await rejection(sec().insiderTransactions(['EXMP'], '2025-04-25', '2025-05-02'))
    assert.ok(e1 instanceof UpstreamProtocolError)
    assert.equal(e1.provider, 'sec')
    fake.malformNext('/Archives/')
    const e2 = await rejection(sec().insiderTransactions(['EXMP'], '2025-04-25', '2025-05-02'))
    assert.ok(e2 instanceof UpstreamProtocolError)
    assert.match(e2.message, /not a readable Form 4/)
  })
})

describe('parseForm4', () => {
  it('reads plain and <value>-wrapped leaves, 1/0 booleans, entities and an SGML wrapper', () => {
    const xml = `<SEC-DOCUMENT>0001.txt<XML>
<ownershipDocument><issuer><issuerCik>0000000001</issuerCik><issuerTradingSymbol>AB&amp;C</issuerTradingSymbol></issuer>
<reportingOwner><reportingOwnerId><rptOwnerName>O&apos;Neil &#38; Sons</rptOwnerName></reportingOwnerId>
<reportingOwnerRelationship><isDirector>0</isDirector><isOfficer>1</isOfficer></reportingOwnerRelationship></reportingOwner>
<nonDerivativeTable><nonDerivativeTransaction><transactionDate><value>2024-01-02</value></transactionDate>
<transactionCoding><transactionCode>P</transactionCode></transactionCoding>
<transactionAmounts><transactionShares><value>1,500</value></transactionShares></transactionAmounts>
</nonDerivativeTransaction></nonDerivativeTable></ownershipDocument></XML></SEC-DOCUMENT>`
    assert.deepEqual(parseForm4(xml), {
      issuerCik: '0000000001',
      issuerSymbol: 'AB&C',
      owners: [{ name: "O'Neil & Sons", title: 'Officer' }],
      nonDerivative: [
        {
          securityTitle: null,
          date: '2024-01-02',
          code: 'P',
          shares: 1500,
          price: null,
          acquiredDisposed: null,
          sharesOwnedAfter: null,
        },
      ],
    })
  })

  it('rejects documents without an ownershipDocument or with a non-numeric amount', () => {
    assert.throws(() => parseForm4('<html>nope</html>'), Form4ParseError)
    const bad = `<ownershipDocument><nonDerivativeTable><nonDerivativeTransaction><transactionDate><value>2024-01-02</value></transactionDate>
<transactionCoding><transactionCode>P</transactionCode></transactionCoding><transactionAmounts><transactionShares><value>lots</value></transactionShares></transactionAmounts>
</nonDerivativeTransaction></nonDerivativeTable></ownershipDocument>`
    assert.throws(() => parseForm4(bad), /transactionShares is not a number/)
  })
})
