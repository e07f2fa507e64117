/** Open-market purchases (code P, acquired) read from one Form 4 ownershipDocument. */
import type { InsiderTransaction } from '../market-data.port.ts'
import { malformed, type SecClient } from './client.ts'
import { Form4ParseError, parseForm4, type Form4 } from './form4.ts'
import type { Filing } from './submissions.ts'

const round2 = (n: number): number => Math.round(n * 100) / 100

export async function purchases(
  client: SecClient,
  archivesBase: string,
  symbol: string,
  cik: string,
  filing: Filing,
  from: string,
  to: string,
): Promise<InsiderTransaction[]> {
  const folder = `${archivesBase}/Archives/edgar/data/${String(Number(cik))}/${filing.accession.replace(/-/g, '')}`
  // primaryDocument names the XSL-rendered view; the raw XML sits beside it without the xsl…/ folder.
  const url = `${folder}/${filing.primaryDocument.replace(/^xsl[^/]*\//, '')}`
  const res = await client.getText(url)
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
