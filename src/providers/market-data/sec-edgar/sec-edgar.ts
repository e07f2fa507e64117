/**
 * SEC EDGAR insider purchases (docs/vendor-formats.md#sec-edgar): ticker → CIK, the submissions JSON's recent
 * filings (and its older pages when the range reaches past them), then each Form 4
 * ownershipDocument. Amendments (4/A) are not read: they restate filings already counted. Only
 * open-market/private purchases (code P, acquired) are answered: the product's "insider buying"
 * signal counts purchases only. SEC asks for a declared User-Agent with a contact and at most 10
 * requests/second. Split by concern: client.ts (requests, rate limit), tickers.ts (ticker → CIK),
 * submissions.ts (which Form 4s), purchases.ts (reading one Form 4).
 */
import { addDays } from '../../../kernel/dates.ts'
import type { InsiderProvider, InsiderTransaction } from '../market-data.port.ts'
import { createSecClient, type SecEdgarOptions } from './client.ts'
import { purchases } from './purchases.ts'
import { form4sOf } from './submissions.ts'
import { createCikLookup } from './tickers.ts'

export type { SecEdgarOptions } from './client.ts'

// Form 4 is due within 2 business days; a week covers weekends and holidays for trades made on `to`.
const FILING_LAG_DAYS = 7
const YMD = /^\d{4}-\d{2}-\d{2}$/

export function createSecEdgar(opts: SecEdgarOptions): InsiderProvider {
  if (!/\S+@\S+\.\S+/.test(opts.userAgent)) {
    throw new TypeError('SEC EDGAR needs a User-Agent with a contact email, e.g. "Sextant ops@example.com"')
  }
  const dataBase = opts.baseUrl.replace(/\/+$/, '')
  const archivesBase = opts.archivesBaseUrl.replace(/\/+$/, '')
  const maxFilings = opts.maxFilingsPerSymbol ?? 100
  const client = createSecClient(opts)
  const cikOf = createCikLookup(client, archivesBase, opts.clock, opts.tickerToCik)

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
      const filings = (await form4sOf(client, dataBase, cik, from, lastFiling))
        .filter((f) => f.filingDate >= from && f.filingDate <= lastFiling)
        .sort((a, b) => b.filingDate.localeCompare(a.filingDate))
        .slice(0, maxFilings)
      for (const filing of filings)
        out.push(...(await purchases(client, archivesBase, symbol, cik, filing, from, to)))
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
