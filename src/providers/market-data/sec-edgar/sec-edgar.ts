/**
 * SEC EDGAR insider purchases (wire-facts §6): ticker → CIK, the submissions JSON's recent
 * filings (and its older pages when the range reaches past them), then each Form 4
 * ownershipDocument. Amendments (4/A) are not read: they restate filings already counted. Only open-market/private purchases (code P,
 * acquired) are answered: the product's "insider buying" signal counts purchases only.
 * SEC asks for a declared User-Agent with a contact and at most 10 requests/second.
 */
import type { Clock } from '../../../platform/clock.ts'
import { addDays, DAY_MS } from '../../../platform/dates.ts'
import { UpstreamProtocolError, type HttpClient } from '../../shared/http.ts'
import type { InsiderProvider, InsiderTransaction } from '../market-data.port.ts'
import { Form4ParseError, parseForm4, type Form4 } from './form4.ts'

export interface SecEdgarOptions {
  http: HttpClient
  /** https://data.sec.gov (serves /submissions), or a loopback fake. */
  baseUrl: string
  /** https://www.sec.gov (serves /Archives and /files/company_tickers.json), or a loopback fake. */
  archivesBaseUrl: string
  /** "AppName contact@example.com": SEC blocks undeclared tools. */
  userAgent: string
  /** Overrides for symbol → CIK; when absent or null, SEC's company_tickers.json is consulted. */
  tickerToCik?: (symbol: string) => string | null
  clock: Clock
  /** Waits for the rate limiter; real timers by default. */
  sleep?: (ms: number) => Promise<void>
  /** Default and ceiling 10 (SEC's published limit). */
  maxRequestsPerSecond?: number
  /** Newest Form 4 filings read per symbol and call (each is one request). Default 100. */
  maxFilingsPerSymbol?: number
}

type Obj = Record<string, unknown>

const PROVIDER = 'sec'
// Form 4 is due within 2 business days; a week covers weekends and holidays for trades made on `to`.
const FILING_LAG_DAYS = 7
const TICKERS_TTL_MS = DAY_MS
const YMD = /^\d{4}-\d{2}-\d{2}$/

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const round2 = (n: number): number => Math.round(n * 100) / 100

/** Slots at least 1000/rate ms apart, reserved synchronously so concurrent callers queue too. */
function createLimiter(perSecond: number, clock: Clock, sleep: (ms: number) => Promise<void>) {
  const gapMs = 1000 / perSecond
  let nextAt = 0
  return async (): Promise<void> => {
    const now = clock.now().getTime()
    const at = Math.max(now, nextAt)
    nextAt = at + gapMs
    if (at <= now) return
    // A timer may fire a millisecond early by the wall clock (libuv rounds its loop time): then
    // sleep the rest once more. (A test's sleep that does not move its clock is not re-slept.)
    await sleep(at - now)
    const early = at - clock.now().getTime()
    if (early > 0 && early < at - now) await sleep(early)
    // Timers wake late; count the gap from the real departure so jitter never squeezes two closer.
    nextAt = Math.max(nextAt, clock.now().getTime() + gapMs)
  }
}

interface Filing {
  accession: string
  filingDate: string
  primaryDocument: string
}

function malformed(url: string, detail: string, body: string, status = 200): UpstreamProtocolError {
  const u = new URL(url)
  return new UpstreamProtocolError(`sec GET ${u.origin}${u.pathname} ${detail}`, {
    provider: PROVIDER,
    status,
    body,
  })
}

interface OlderPage {
  name: string
  filingFrom: string
  filingTo: string
}

/** `filings.recent` of a submissions JSON, and its list of older pages (`filings.files`). */
function submissionsOf(
  url: string,
  payload: unknown,
): { recent: Record<string, unknown>; older: OlderPage[] } {
  const body = JSON.stringify(payload) ?? ''
  const filings = isObj(payload) && isObj(payload.filings) ? payload.filings : undefined
  if (!filings || !isObj(filings.recent)) throw malformed(url, 'has no filings.recent', body)
  const files = filings.files ?? []
  if (!Array.isArray(files)) throw malformed(url, 'has a bad filings.files list', body)
  const older = files.map((f): OlderPage => {
    if (
      !isObj(f) ||
      typeof f.name !== 'string' ||
      !/^[A-Za-z0-9-]+\.json$/.test(f.name) ||
      typeof f.filingFrom !== 'string' ||
      typeof f.filingTo !== 'string'
    )
      throw malformed(url, 'has a bad filings.files entry', body)
    return { name: f.name, filingFrom: f.filingFrom, filingTo: f.filingTo }
  })
  return { recent: filings.recent, older }
}

/**
 * Rows of a column-oriented filing table (parallel arrays) that are Form 4s, and the table's
 * earliest filing date of any form (null when it is empty): how far back it reaches.
 */
function form4Filings(
  url: string,
  recent: Record<string, unknown>,
): { filings: Filing[]; oldest: string | null } {
  const body = JSON.stringify(recent) ?? ''
  const column = (k: string): string[] => {
    const v = recent[k]
    if (!Array.isArray(v) || !v.every((x) => typeof x === 'string'))
      throw malformed(url, `has a bad ${k} column`, body)
    return v
  }
  const acc = column('accessionNumber')
  const dates = column('filingDate')
  const forms = column('form')
  const docs = column('primaryDocument')
  if (![dates, forms, docs].every((c) => c.length === acc.length))
    throw malformed(url, 'has ragged filings columns', body)
  const out: Filing[] = []
  acc.forEach((accession, i) => {
    // Amendments (4/A) restate earlier filings; counting them too would double purchases.
    if (forms[i] !== '4') return
    const filingDate = dates[i] ?? ''
    const primaryDocument = docs[i] ?? ''
    if (!YMD.test(filingDate) || !/^[\d-]+$/.test(accession) || primaryDocument === '') {
      throw malformed(url, `has a bad Form 4 row ${accession}`, body)
    }
    out.push({ accession, filingDate, primaryDocument })
  })
  return { filings: out, oldest: dates.length ? dates.reduce((a, b) => (b < a ? b : a)) : null }
}

export function createSecEdgar(opts: SecEdgarOptions): InsiderProvider {
  if (!/\S+@\S+\.\S+/.test(opts.userAgent)) {
    throw new TypeError('SEC EDGAR needs a User-Agent with a contact email, e.g. "Sextant ops@example.com"')
  }
  const dataBase = opts.baseUrl.replace(/\/+$/, '')
  const archivesBase = opts.archivesBaseUrl.replace(/\/+$/, '')
  const headers = { 'user-agent': opts.userAgent }
  const perSecond = Math.min(10, Math.max(0.1, opts.maxRequestsPerSecond ?? 10))
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const limit = createLimiter(perSecond, opts.clock, sleep)
  const maxFilings = opts.maxFilingsPerSymbol ?? 100
  let tickers: { at: number; map: Promise<Map<string, string>> } | undefined

  // Retries inside the shared client are not spaced by the limiter; they are rare and back off.
  async function getJson(url: string): Promise<unknown> {
    await limit()
    return opts.http.getJson<unknown>({ url, headers, provider: PROVIDER })
  }

  async function getText(url: string): Promise<{ status: number; text: string }> {
    await limit()
    const res = await opts.http.request<unknown>({
      url,
      headers: { ...headers, accept: 'application/xml, text/xml, */*' },
      provider: PROVIDER,
    })
    return { status: res.status, text: res.text }
  }

  async function loadTickers(): Promise<Map<string, string>> {
    const url = `${archivesBase}/files/company_tickers.json`
    const payload = await getJson(url)
    if (!isObj(payload)) throw malformed(url, 'is not an object', JSON.stringify(payload) ?? '')
    const map = new Map<string, string>()
    for (const row of Object.values(payload)) {
      if (!isObj(row) || typeof row.ticker !== 'string' || typeof row.cik_str !== 'number') {
        throw malformed(url, 'has a bad row', JSON.stringify(row) ?? '')
      }
      map.set(row.ticker.toUpperCase(), String(row.cik_str))
    }
    return map
  }

  async function cikOf(symbol: string): Promise<string | null> {
    const given = opts.tickerToCik?.(symbol)
    if (given !== undefined && given !== null) {
      if (!/^\d{1,10}$/.test(given)) throw new TypeError(`tickerToCik gave a bad CIK for ${symbol}`)
      return given
    }
    const now = opts.clock.now().getTime()
    if (!tickers || now - tickers.at > TICKERS_TTL_MS) {
      const map = loadTickers()
      tickers = { at: now, map }
      // A failed load must not be cached for a day.
      void map.catch(() => {
        if (tickers?.map === map) tickers = undefined
      })
    }
    // SEC writes share classes with a dash (BRK-B) where brokers often use a dot (BRK.B).
    return (await tickers.map).get(symbol.toUpperCase().replace(/\./g, '-')) ?? null
  }

  async function purchases(
    symbol: string,
    cik: string,
    filing: Filing,
    from: string,
    to: string,
  ): Promise<InsiderTransaction[]> {
    const folder = `${archivesBase}/Archives/edgar/data/${String(Number(cik))}/${filing.accession.replace(/-/g, '')}`
    // primaryDocument names the XSL-rendered view; the raw XML sits beside it without the xsl…/ folder.
    const url = `${folder}/${filing.primaryDocument.replace(/^xsl[^/]*\//, '')}`
    const res = await getText(url)
    let form: Form4
    try {
      form = parseForm4(res.text)
    } catch (e) {
      if (e instanceof Form4ParseError)
        throw malformed(url, `is not a readable Form 4: ${e.message}`, res.text, res.status)
      throw e
    }
    if (form.owners.length === 0)
      throw malformed(url, 'is a Form 4 without a reporting owner', res.text, res.status)
    const name = form.owners.map((o) => o.name).join('; ')
    const title = form.owners.find((o) => o.title !== null)?.title ?? null
    const out: InsiderTransaction[] = []
    for (const t of form.nonDerivative) {
      if (t.code !== 'P' || (t.acquiredDisposed !== null && t.acquiredDisposed !== 'A')) continue
      if (t.date < from || t.date > to) continue
      // Shares may be given only in a footnote; a purchase of unknown size cannot be reported.
      if (t.shares === null) continue
      out.push({
        symbol,
        insider_name: name,
        insider_title: title,
        transaction_code: t.code,
        transaction_date: t.date,
        shares: t.shares,
        price: t.price,
        value: t.price === null ? null : round2(t.shares * t.price),
        shares_owned_after: t.sharesOwnedAfter,
        filing_url: `${folder}/${filing.primaryDocument}`,
        filed_at: filing.filingDate,
      })
    }
    return out
  }

  /**
   * Form 4s of a filer filed in [from, to]: `filings.recent` (about the latest year or 1,000
   * filings), plus the older pages of `filings.files` that overlap the range when recent does not
   * reach back to `from`.
   */
  async function form4sOf(cik: string, from: string, to: string): Promise<Filing[]> {
    const url = `${dataBase}/submissions/CIK${cik.padStart(10, '0')}.json`
    const { recent, older } = submissionsOf(url, await getJson(url))
    const { filings: found, oldest } = form4Filings(url, recent)
    if (oldest !== null && oldest <= from) return found
    for (const page of older.filter((p) => p.filingTo >= from && p.filingFrom <= to)) {
      const pageUrl = `${dataBase}/submissions/${page.name}`
      const payload = await getJson(pageUrl)
      if (!isObj(payload)) throw malformed(pageUrl, 'is not an object', JSON.stringify(payload) ?? '')
      found.push(...form4Filings(pageUrl, payload).filings)
    }
    return found
  }

  async function insiderTransactions(
    symbols: string[],
    from: string,
    to: string,
  ): Promise<InsiderTransaction[]> {
    if (!YMD.test(from) || !YMD.test(to)) throw new RangeError('from and to must be YYYY-MM-DD')
    const lastFiling = addDays(to, FILING_LAG_DAYS)
    const out: InsiderTransaction[] = []
    for (const symbol of symbols) {
      const cik = await cikOf(symbol)
      if (cik === null) continue
      const filings = (await form4sOf(cik, from, lastFiling))
        .filter((f) => f.filingDate >= from && f.filingDate <= lastFiling)
        .sort((a, b) => b.filingDate.localeCompare(a.filingDate))
        .slice(0, maxFilings)
      for (const filing of filings) out.push(...(await purchases(symbol, cik, filing, from, to)))
    }
    return out.sort(
      (a, b) =>
        b.transaction_date.localeCompare(a.transaction_date) ||
        (b.filed_at ?? '').localeCompare(a.filed_at ?? '') ||
        a.insider_name.localeCompare(b.insider_name),
    )
  }

  return { name: 'sec', insiderTransactions }
}
