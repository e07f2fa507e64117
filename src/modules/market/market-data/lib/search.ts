/**
 * Symbol search over a universe, for type-ahead: an exact ticker first, then tickers starting
 * with the text, then names with a word starting with it, then any other match in ticker or
 * name; within a rank, larger companies first (unknown caps last), then ticker order.
 */
import type { Instrument } from '../../../../providers/market-data/index.ts'

export interface SearchFilter {
  q?: string
  type?: Instrument['type']
  sector?: string
}

function rank(i: Instrument, q: string): number | null {
  const symbol = i.symbol.toUpperCase()
  const name = i.name.toUpperCase()
  if (symbol === q) return 0
  if (symbol.startsWith(q)) return 1
  if (name.split(/[^A-Z0-9&]+/).some((w) => w.startsWith(q)) || name.startsWith(q)) return 2
  if (symbol.includes(q) || name.includes(q)) return 3
  return null
}

export function searchInstruments(all: readonly Instrument[], f: SearchFilter): Instrument[] {
  const q = f.q?.trim().toUpperCase() ?? ''
  const sector = f.sector?.trim().toLowerCase()
  const hits: { i: Instrument; r: number }[] = []
  for (const i of all) {
    if (f.type && i.type !== f.type) continue
    if (sector && i.sector?.toLowerCase() !== sector) continue
    const r = q ? rank(i, q) : 0
    if (r !== null) hits.push({ i, r })
  }
  return hits
    .sort(
      (a, b) =>
        a.r - b.r ||
        (b.i.market_cap ?? -1) - (a.i.market_cap ?? -1) ||
        (a.i.symbol < b.i.symbol ? -1 : a.i.symbol > b.i.symbol ? 1 : 0),
    )
    .map((h) => h.i)
}
