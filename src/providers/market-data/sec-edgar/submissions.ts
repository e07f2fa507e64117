/** A filer's Form 4 filings from its submissions JSON (data.sec.gov/submissions). */
import { isObj, malformed, type SecClient } from './client.ts'

const YMD = /^\d{4}-\d{2}-\d{2}$/

export interface Filing {
  accession: string
  filingDate: string
  primaryDocument: string
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

/**
 * Form 4s of a filer filed in [from, to]: `filings.recent` (about the latest year or 1,000
 * filings), plus the older pages of `filings.files` that overlap the range when recent does not
 * reach back to `from`.
 */
export async function form4sOf(
  client: SecClient,
  dataBase: string,
  cik: string,
  from: string,
  to: string,
): Promise<Filing[]> {
  const url = `${dataBase}/submissions/CIK${cik.padStart(10, '0')}.json`
  const { recent, older } = submissionsOf(url, await client.getJson(url))
  const { filings: found, oldest } = form4Filings(url, recent)
  if (oldest !== null && oldest <= from) return found
  for (const page of older.filter((p) => p.filingTo >= from && p.filingFrom <= to)) {
    const pageUrl = `${dataBase}/submissions/${page.name}`
    const payload = await client.getJson(pageUrl)
    if (!isObj(payload)) throw malformed(pageUrl, 'is not an object', JSON.stringify(payload) ?? '')
    found.push(...form4Filings(pageUrl, payload).filings)
  }
  return found
}
