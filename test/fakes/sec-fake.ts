/**
 * Loopback fake of SEC EDGAR (docs/vendor-formats.md#sec-edgar) serving both hosts from one server:
 * /submissions/CIK##########.json (data.sec.gov), /files/company_tickers.json and
 * /Archives/edgar/data/<cik>/<accession>/<file>.xml (www.sec.gov). Requests without a User-Agent
 * carrying a contact email get 403, as SEC blocks undeclared tools.
 *
 *   const sec = await startSecFake()
 *   createSecEdgar({ http, baseUrl: sec.baseUrl, archivesBaseUrl: sec.baseUrl, userAgent: 'T t@x.io', clock })
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface SecFakeRequest {
  method: string
  path: string
  userAgent: string | null
  status: number
  /** Date.now() when the request arrived, to check spacing. */
  at: number
}

export interface SecFake {
  /** Stands for both https://data.sec.gov and https://www.sec.gov. */
  readonly baseUrl: string
  readonly requests: SecFakeRequest[]
  failNext(status: number, body?: string): void
  rateLimitNext(n: number, retryAfterSeconds?: number): void
  /**
   * The next request (whose path contains `pathIncludes`, when given) answers 200 with a
   * wrong-shaped JSON, or XML without an ownershipDocument.
   */
  malformNext(pathIncludes?: string): void
  reset(): void
  close(): Promise<void>
}

interface Owner {
  cik: string
  name: string
  officer?: string
  director?: boolean
  tenPct?: boolean
  other?: string
}
/** date, transactionCode, shares, price ('footnote': only a footnote), acquired/disposed, shares owned after. */
type Tx = [string, string, number, number | 'footnote', 'A' | 'D', number]
interface Filing {
  acc: string
  date: string
  form: string
  doc: string
  xml?: { owners: Owner[]; txs: Tx[]; derivativeP?: boolean }
}

export const SEC_ISSUER_CIK = '0000123456'
export const SEC_OTHER_CIK = '0000654321'

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;')
const v = (x: string | number) => `<value>${x}</value>`

function ownerXml(o: Owner): string {
  const rel = [
    o.director ? '<isDirector>1</isDirector>' : '<isDirector/>',
    o.officer
      ? `<isOfficer>true</isOfficer><officerTitle>${esc(o.officer)}</officerTitle>`
      : '<isOfficer>0</isOfficer>',
    o.tenPct ? '<isTenPercentOwner>true</isTenPercentOwner>' : '<isTenPercentOwner/>',
    o.other ? `<isOther>true</isOther><otherText>${esc(o.other)}</otherText>` : '<isOther/>',
  ].join('')
  return `<reportingOwner><reportingOwnerId><rptOwnerCik>${o.cik}</rptOwnerCik><rptOwnerName>${esc(o.name)}</rptOwnerName></reportingOwnerId>
<reportingOwnerAddress><rptOwnerStreet1>1 Main St</rptOwnerStreet1><rptOwnerCity>Springfield</rptOwnerCity></reportingOwnerAddress>
<reportingOwnerRelationship>${rel}</reportingOwnerRelationship></reportingOwner>`
}

function txXml([date, code, shares, price, ad, after]: Tx): string {
  const priceXml = price === 'footnote' ? '<footnoteId id="F2"/>' : v(price)
  return `<nonDerivativeTransaction><securityTitle>${v('Common Stock')}</securityTitle>
<transactionDate>${v(date)}</transactionDate>
<transactionCoding><transactionFormType>4</transactionFormType><transactionCode>${code}</transactionCode><equitySwapInvolved>false</equitySwapInvolved></transactionCoding>
<transactionAmounts><transactionShares>${v(shares)}<footnoteId id="F1"/></transactionShares>
<transactionPricePerShare>${priceXml}</transactionPricePerShare>
<transactionAcquiredDisposedCode>${v(ad)}</transactionAcquiredDisposedCode></transactionAmounts>
<postTransactionAmounts><sharesOwnedFollowingTransaction>${v(after)}</sharesOwnedFollowingTransaction></postTransactionAmounts>
<ownershipNature><directOrIndirectOwnership>${v('D')}</directOrIndirectOwnership></ownershipNature></nonDerivativeTransaction>`
}

// A derivative purchase (call options) that an adapter reading only nonDerivativeTable must ignore.
const DERIVATIVE_P = `<derivativeTable><derivativeTransaction><securityTitle>${v('Call Option')}</securityTitle>
<conversionOrExercisePrice>${v(15)}</conversionOrExercisePrice><transactionDate>${v('2025-04-09')}</transactionDate>
<transactionCoding><transactionFormType>4</transactionFormType><transactionCode>P</transactionCode></transactionCoding>
<transactionAmounts><transactionShares>${v(99)}</transactionShares><transactionPricePerShare>${v(1)}</transactionPricePerShare>
<transactionAcquiredDisposedCode>${v('A')}</transactionAcquiredDisposedCode></transactionAmounts></derivativeTransaction></derivativeTable>`

function form4Xml(f: Filing): string {
  const x = f.xml
  if (!x) return ''
  return `<?xml version="1.0"?>
<ownershipDocument><schemaVersion>X0508</schemaVersion><documentType>${f.form}</documentType><periodOfReport>${x.txs[0]?.[0].slice(0, 10) ?? f.date}</periodOfReport>
<issuer><issuerCik>${SEC_ISSUER_CIK}</issuerCik><issuerName>Example Corp</issuerName><issuerTradingSymbol>EXMP</issuerTradingSymbol></issuer>
${x.owners.map(ownerXml).join('\n')}
<aff10b5One>false</aff10b5One>
<nonDerivativeTable>${x.txs.map(txXml).join('\n')}<nonDerivativeHolding><securityTitle>${v('Common Stock')}</securityTitle></nonDerivativeHolding></nonDerivativeTable>
${x.derivativeP ? DERIVATIVE_P : ''}
<footnotes><footnote id="F1">Shares held directly.</footnote><footnote id="F2">Weighted average price; ranges on request.</footnote></footnotes>
<ownerSignature><signatureName>/s/ Attorney-in-fact</signatureName><signatureDate>${f.date}</signatureDate></ownerSignature>
</ownershipDocument>`
}

const JANE: Owner = { cik: '0002000001', name: 'Doe Jane', officer: 'CTO' }
const MARY: Owner = { cik: '0002000003', name: 'Major Mary', officer: 'CEO', director: true }
const ROE: Owner = { cik: '0002000002', name: 'Roe John', director: true }
const SMITH: Owner[] = [
  { cik: '0002000010', name: 'Smith & Co Holdings LP', tenPct: true },
  { cik: '0002000011', name: 'Smith GP LLC', other: 'Member of 10% group' },
]

const acc = (n: number, filer = '0001234567') => `${filer}-25-${String(n).padStart(6, '0')}`
type Form4Args = [n: number, date: string, doc: string, owners: Owner[], txs: Tx[], form?: string]
function form4(...[n, date, doc, owners, txs, form = '4']: Form4Args): Filing {
  const path = doc.includes('/') ? doc : `xslF345X05/${doc}`
  return {
    acc: acc(n),
    date,
    form,
    doc: path,
    xml: { owners, txs, derivativeP: path.startsWith('xslF345X06') },
  }
}

/** Example Corp's recent filings, newest first like EDGAR: a purchase, a sale, both, an amendment, a footnoted price. */
export const SEC_FILINGS: Filing[] = [
  form4(10, '2025-05-02', 'form4-purchase.xml', [JANE], [['2025-04-30', 'P', 1000, 12.34, 'A', 5000]]),
  { acc: acc(9, '0000123456'), date: '2025-05-01', form: '10-Q', doc: 'exmp-20250331.htm' },
  form4(8, '2025-04-22', 'form4-sale.xml', [ROE], [['2025-04-18', 'S', 2500, 14.1, 'D', 7500]]),
  form4(
    7,
    '2025-04-10',
    'xslF345X06/form4.xml',
    [MARY],
    [
      ['2025-04-08', 'S', 300, 13, 'D', 20000],
      ['2025-04-09', 'P', 500, 11.5, 'A', 20500],
    ],
  ),
  form4(6, '2025-03-25', 'form4a.xml', [JANE], [['2025-03-18', 'P', 2000, 9.9, 'A', 4000]], '4/A'),
  form4(5, '2025-03-20', 'form4-footnote.xml', SMITH, [
    ['2025-03-18-05:00', 'P', 2000, 'footnote', 'A', 1_002_000],
  ]),
  { acc: acc(4, '0000123456'), date: '2025-02-01', form: '8-K', doc: 'exmp-8k.htm' },
  form4(3, '2025-01-15', 'form4-jan.xml', [JANE], [['2025-01-13', 'P', 100, 10, 'A', 4000]]),
]

/** EDGAR's column-oriented filing table: one parallel array per field, index i = one filing. */
function columns(filings: Filing[]): Record<string, unknown[]> {
  const col = <T>(f: (x: Filing) => T) => filings.map(f)
  return {
    accessionNumber: col((f) => f.acc),
    filingDate: col((f) => f.date),
    reportDate: col((f) => f.date),
    acceptanceDateTime: col((f) => `${f.date}T16:05:00.000Z`),
    act: col((f) => (f.form.startsWith('4') ? '' : '34')),
    form: col((f) => f.form),
    fileNumber: col(() => ''),
    filmNumber: col(() => ''),
    items: col(() => ''),
    size: col(() => 4321),
    isXBRL: col(() => 0),
    isInlineXBRL: col(() => 0),
    primaryDocument: col((f) => f.doc),
    primaryDocDescription: col((f) => (f.form.startsWith('4') ? 'FORM 4' : f.form)),
  }
}

/** Filings before this date are in Example Corp's older page (`filings.files`), not in `recent`. */
export const SEC_RECENT_FROM = '2025-03-01'
export const SEC_OLDER_PAGE = `CIK${SEC_ISSUER_CIK}-submissions-001.json`

function submissions(
  cik: string,
  name: string,
  ticker: string,
  filings: Filing[],
  older: Filing[] = [],
): Record<string, unknown> {
  return {
    cik: String(Number(cik)),
    entityType: 'operating',
    sic: '3571',
    sicDescription: 'Electronic Computers',
    insiderTransactionForOwnerExists: 0,
    insiderTransactionForIssuerExists: 1,
    name,
    tickers: [ticker],
    exchanges: ['Nasdaq'],
    ein: '000000000',
    description: '',
    category: 'Large accelerated filer',
    fiscalYearEnd: '1231',
    stateOfIncorporation: 'DE',
    filings: {
      recent: columns(filings),
      files: older.length
        ? [
            {
              name: SEC_OLDER_PAGE,
              filingCount: older.length,
              filingFrom: older.at(-1)!.date,
              filingTo: older[0]!.date,
            },
          ]
        : [],
    },
  }
}

const ROUTES = new Map<string, { type: string; body: string }>()
const json = (body: unknown) => ({ type: 'application/json', body: JSON.stringify(body) })
ROUTES.set(
  '/files/company_tickers.json',
  json({
    0: { cik_str: Number(SEC_ISSUER_CIK), ticker: 'EXMP', title: 'Example Corp' },
    1: { cik_str: Number(SEC_OTHER_CIK), ticker: 'OTHR-B', title: 'Other Inc' },
  }),
)
ROUTES.set(
  `/submissions/CIK${SEC_ISSUER_CIK}.json`,
  json(
    submissions(
      SEC_ISSUER_CIK,
      'Example Corp',
      'EXMP',
      SEC_FILINGS.filter((f) => f.date >= SEC_RECENT_FROM),
      SEC_FILINGS.filter((f) => f.date < SEC_RECENT_FROM),
    ),
  ),
)
// An older page holds the same columns at its top level.
ROUTES.set(
  `/submissions/${SEC_OLDER_PAGE}`,
  json(columns(SEC_FILINGS.filter((f) => f.date < SEC_RECENT_FROM))),
)
ROUTES.set(
  `/submissions/CIK${SEC_OTHER_CIK}.json`,
  json(
    submissions(SEC_OTHER_CIK, 'Other Inc', 'OTHR-B', [
      { acc: '0000654321-25-000001', date: '2025-04-15', form: '10-K', doc: 'othr-10k.htm' },
    ]),
  ),
)
for (const f of SEC_FILINGS.filter((x) => x.xml)) {
  const file = f.doc.replace(/^xsl[^/]*\//, '')
  ROUTES.set(`/Archives/edgar/data/${Number(SEC_ISSUER_CIK)}/${f.acc.replace(/-/g, '')}/${file}`, {
    type: 'text/xml',
    body: form4Xml(f),
  })
}

const UNDECLARED =
  '<html><body><h1>Your Request Originates from an Undeclared Automated Tool</h1></body></html>'

export async function startSecFake(): Promise<SecFake> {
  const requests: SecFakeRequest[] = []
  let scripted: { status: number; type: string; body: string; headers?: Record<string, string> }[] = []
  let malform: string | null = null

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const ua = req.headers['user-agent'] ?? null
    const at = Date.now()
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      requests.push({ method: req.method ?? '', path, userAgent: ua, status, at })
      res.writeHead(status, { 'content-type': type, ...headers })
      res.end(body)
    }
    if (ua === null || !/\S+@\S+\.\S+/.test(ua)) return send(403, 'text/html', UNDECLARED)
    const failure = scripted.shift()
    if (failure) return send(failure.status, failure.type, failure.body, failure.headers)
    if (malform !== null && path.includes(malform)) {
      malform = null
      if (path.endsWith('.json'))
        return send(200, 'application/json', JSON.stringify({ cik: '1', filings: {} }))
      return send(
        200,
        'text/xml',
        '<?xml version="1.0"?><edgarSubmission><note>not a Form 4</note></edgarSubmission>',
      )
    }
    const found = req.method === 'GET' ? ROUTES.get(path) : undefined
    if (!found) return send(404, 'text/html', '<html><body>Not Found</body></html>')
    send(200, found.type, found.body)
  }

  const server = createServer(handle)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    failNext(status, body) {
      scripted.push({ status, type: 'text/html', body: body ?? `<html><body>Error ${status}</body></html>` })
    },
    rateLimitNext(n, retryAfterSeconds) {
      const headers =
        retryAfterSeconds === undefined ? undefined : { 'retry-after': String(retryAfterSeconds) }
      for (let i = 0; i < n; i++)
        scripted.push({
          status: 429,
          type: 'text/html',
          body: 'Request Rate Threshold Exceeded',
          ...(headers ? { headers } : {}),
        })
    },
    malformNext(pathIncludes = '') {
      malform = pathIncludes
    },
    reset() {
      requests.length = 0
      scripted = []
      malform = null
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((e) => (e ? reject(e) : resolve()))
      }),
  }
}
