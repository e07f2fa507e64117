/**
 * The autocomplete index over a market-data universe, built once per universe: tickers sorted for a
 * binary-searched prefix range, and a name-token index (sorted distinct words of the names, each
 * with the instruments carrying it). A query ranks ticker matches first — the exact ticker, then
 * tickers starting with the text, shorter first, then alphabetically — and then instruments whose
 * name has a word starting with each word of the query, larger companies first (unknown caps
 * last), then by ticker. Pure: no I/O.
 */
import { distance } from 'fastest-levenshtein'

export interface IndexedInstrument {
  symbol: string
  name: string
  exchange: string
  type: string
  sector: string | null
  market_cap: number | null
}

export type MatchKind = 'ticker_exact' | 'ticker_prefix' | 'name'

export interface SymbolMatch {
  instrument: IndexedInstrument
  match: MatchKind
}

/** Words of a name or query: letters, digits and `&` runs, upper case. */
export const words = (text: string): string[] =>
  text
    .toUpperCase()
    .split(/[^A-Z0-9&]+/)
    .filter(Boolean)

/** First index of `sorted` whose value is ≥ `key` (binary search). */
export function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (sorted[mid]! < key) lo = mid + 1
    else hi = mid
  }
  return lo
}

const byRank = (a: IndexedInstrument, b: IndexedInstrument) =>
  (b.market_cap ?? -1) - (a.market_cap ?? -1) || (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0)

export class SymbolIndex {
  /** Instruments in rank order (market cap desc, then ticker): an index into it is a rank. */
  private readonly ranked: IndexedInstrument[]
  private readonly tickers: string[]
  private readonly tickerRank: number[]
  private readonly tokens: string[]
  private readonly postings: number[][]
  private readonly nameWords: string[][]

  constructor(universe: readonly IndexedInstrument[]) {
    const seen = new Set<string>()
    this.ranked = universe
      .filter((i) => !seen.has(i.symbol.toUpperCase()) && seen.add(i.symbol.toUpperCase()))
      .sort(byRank)
    const order = this.ranked.map((i, rank) => ({ t: i.symbol.toUpperCase(), rank }))
    order.sort((a, b) => (a.t < b.t ? -1 : a.t > b.t ? 1 : 0))
    this.tickers = order.map((o) => o.t)
    this.tickerRank = order.map((o) => o.rank)
    this.nameWords = this.ranked.map((i) => words(i.name))
    const byToken = new Map<string, number[]>()
    this.nameWords.forEach((ws, rank) => {
      for (const w of new Set(ws)) {
        const list = byToken.get(w)
        if (list) list.push(rank)
        else byToken.set(w, [rank])
      }
    })
    this.tokens = [...byToken.keys()].sort()
    this.postings = this.tokens.map((t) => byToken.get(t)!)
  }

  get size(): number {
    return this.ranked.length
  }

  /** The instrument of a ticker (any case), or undefined. */
  get(symbol: string): IndexedInstrument | undefined {
    const key = symbol.toUpperCase()
    const at = lowerBound(this.tickers, key)
    return this.tickers[at] === key ? this.ranked[this.tickerRank[at]!] : undefined
  }

  search(query: string, limit: number): SymbolMatch[] {
    const q = query.trim().toUpperCase()
    if (!q || limit < 1) return []
    const out = this.tickerMatches(q, limit)
    if (out.length < limit) {
      const taken = new Set(out.map((m) => m.instrument.symbol))
      for (const rank of this.nameMatches(q)) {
        const instrument = this.ranked[rank]!
        if (taken.has(instrument.symbol)) continue
        out.push({ instrument, match: 'name' })
        if (out.length === limit) break
      }
    }
    return out
  }

  /** Tickers starting with `q`: exact, then by length, then alphabetically (the range's order). */
  private tickerMatches(q: string, limit: number): SymbolMatch[] {
    const buckets: number[][] = []
    for (let at = lowerBound(this.tickers, q); at < this.tickers.length; at++) {
      const t = this.tickers[at]!
      if (!t.startsWith(q)) break
      ;(buckets[t.length] ??= []).push(at)
    }
    const out: SymbolMatch[] = []
    for (const bucket of buckets) {
      if (!bucket) continue
      for (const at of bucket) {
        const instrument = this.ranked[this.tickerRank[at]!]!
        out.push({ instrument, match: this.tickers[at] === q ? 'ticker_exact' : 'ticker_prefix' })
        if (out.length === limit) return out
      }
    }
    return out
  }

  /** Ranks of instruments whose name has, for every query word, a word starting with it; rank order. */
  private nameMatches(q: string): number[] {
    const qs = words(q)
    if (!qs.length) return []
    // The longest word is the most selective: its prefix range gives the candidates.
    const [first, ...rest] = [...qs].sort((a, b) => b.length - a.length)
    const candidates = new Set<number>()
    for (let at = lowerBound(this.tokens, first!); at < this.tokens.length; at++) {
      if (!this.tokens[at]!.startsWith(first!)) break
      for (const rank of this.postings[at]!) candidates.add(rank)
    }
    const hits = [...candidates].filter((rank) =>
      rest.every((w) => this.nameWords[rank]!.some((nw) => nw.startsWith(w))),
    )
    return hits.sort((a, b) => a - b)
  }

  /**
   * The `n` tickers closest to `symbol` by edit distance (ties: a longer shared prefix, then
   * rank), for "did you mean" hints on an unknown symbol.
   */
  closest(symbol: string, n: number): string[] {
    const key = symbol.toUpperCase()
    const shared = (t: string) => {
      let k = 0
      while (k < t.length && k < key.length && t[k] === key[k]) k++
      return k
    }
    return this.tickers
      .map((t, at) => ({ t, d: distance(t, key), p: shared(t), rank: this.tickerRank[at]! }))
      .sort((a, b) => a.d - b.d || b.p - a.p || a.rank - b.rank)
      .slice(0, n)
      .map((c) => c.t)
  }
}
