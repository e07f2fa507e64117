/**
 * Minimal reader of SEC Form 4 `ownershipDocument` XML (docs/vendor-formats.md#sec-edgar). The documents are
 * machine-generated and regular, so tag extraction by name is enough; no XML dependency.
 */

export interface Form4Owner {
  name: string
  /** e.g. "CTO", "Director", "CEO, Director", "10% Owner"; null when no relationship is marked. */
  title: string | null
}

export interface Form4Transaction {
  securityTitle: string | null
  date: string
  code: string
  shares: number | null
  price: number | null
  /** A = acquired, D = disposed (null when absent). */
  acquiredDisposed: string | null
  sharesOwnedAfter: number | null
}

export interface Form4 {
  issuerCik: string | null
  issuerSymbol: string | null
  owners: Form4Owner[]
  nonDerivative: Form4Transaction[]
}

/** Thrown for documents that are not a readable ownershipDocument; callers wrap it. */
export class Form4ParseError extends Error {
  override name = 'Form4ParseError'
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

function decode(s: string): string {
  const text = s.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ENTITIES[e] ?? '')
    .trim()
}

/** Inner XML of every `<tag …>…</tag>` (self-closing ones give ''), in document order. */
function all(xml: string, tag: string): string[] {
  const re = new RegExp(`<${tag}(?:\\s[^>]*)?(?:/>|>([\\s\\S]*?)</${tag}\\s*>)`, 'g')
  return [...xml.matchAll(re)].map((m) => m[1] ?? '')
}

function first(xml: string, tag: string): string | undefined {
  return all(xml, tag)[0]
}

/** Text of a leaf, looking through a `<value>` wrapper; undefined when absent or empty. */
function text(xml: string, tag: string): string | undefined {
  const inner = first(xml, tag)
  if (inner === undefined) return undefined
  const wrapped = first(inner, 'value')
  // A footnote-only element (no <value>) carries no value of its own.
  const raw = wrapped ?? (/<[a-zA-Z]/.test(inner) ? '' : inner)
  const v = decode(raw)
  return v === '' ? undefined : v
}

function bool(xml: string, tag: string): boolean {
  const v = text(xml, tag)?.toLowerCase()
  return v === 'true' || v === '1'
}

function num(xml: string, tag: string): number | null {
  const v = text(xml, tag)
  if (v === undefined) return null
  const n = Number(v.replace(/,/g, ''))
  if (!Number.isFinite(n)) throw new Form4ParseError(`${tag} is not a number`)
  return n
}

function owner(xml: string): Form4Owner {
  const name = text(xml, 'rptOwnerName')
  if (name === undefined) throw new Form4ParseError('reportingOwner without rptOwnerName')
  const rel = first(xml, 'reportingOwnerRelationship') ?? ''
  const titles: string[] = []
  if (bool(rel, 'isOfficer')) titles.push(text(rel, 'officerTitle') ?? 'Officer')
  if (bool(rel, 'isDirector')) titles.push('Director')
  if (bool(rel, 'isTenPercentOwner')) titles.push('10% Owner')
  if (bool(rel, 'isOther')) titles.push(text(rel, 'otherText') ?? 'Other')
  return { name, title: titles.length > 0 ? titles.join(', ') : null }
}

function transaction(xml: string): Form4Transaction {
  const date = text(xml, 'transactionDate')?.slice(0, 10)
  // Dates sometimes carry a zone suffix (2025-04-30-05:00); the calendar date is what counts.
  if (date === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(date))
    throw new Form4ParseError('transactionDate missing')
  const code = text(first(xml, 'transactionCoding') ?? '', 'transactionCode')
  if (code === undefined) throw new Form4ParseError('transactionCode missing')
  const amounts = first(xml, 'transactionAmounts') ?? ''
  return {
    securityTitle: text(xml, 'securityTitle') ?? null,
    date,
    code,
    shares: num(amounts, 'transactionShares'),
    price: num(amounts, 'transactionPricePerShare'),
    acquiredDisposed: text(amounts, 'transactionAcquiredDisposedCode') ?? null,
    sharesOwnedAfter: num(first(xml, 'postTransactionAmounts') ?? '', 'sharesOwnedFollowingTransaction'),
  }
}

/** Parses a Form 4 (raw XML, or the SGML .txt submission that embeds it). */
export function parseForm4(document: string): Form4 {
  const doc = first(document, 'ownershipDocument')
  if (doc === undefined) throw new Form4ParseError('no ownershipDocument element')
  const issuer = first(doc, 'issuer') ?? ''
  const table = first(doc, 'nonDerivativeTable') ?? ''
  return {
    issuerCik: text(issuer, 'issuerCik') ?? null,
    issuerSymbol: text(issuer, 'issuerTradingSymbol') ?? null,
    owners: all(doc, 'reportingOwner').map(owner),
    nonDerivative: all(table, 'nonDerivativeTransaction').map(transaction),
  }
}
