/** What Alpaca's snapshot endpoints answer: stock quotes, the instrument check, option chains. */
import type { Instrument, OptionChain, Quote } from '../market-data.port.ts'
import { SYMBOL_BATCH } from './bars.ts'
import { normalizeSymbols, type AlpacaClient } from './client.ts'
import { MAX_OPTIONS_PER_PAGE, obj, parseOptionSnapshot, parseSnapshotQuote } from './wire.ts'

// Alpaca's documentation marks neither iex nor sip as delayed; only `delayed_sip` would be, and this
// adapter does not offer it.
const DELAYED = false

async function snapshots(client: AlpacaClient, symbols: string[]): Promise<Map<string, Quote>> {
  const out = new Map<string, Quote>()
  for (let i = 0; i < symbols.length; i += SYMBOL_BATCH) {
    const batch = symbols.slice(i, i + SYMBOL_BATCH)
    // No wrapper key: the body is keyed by symbol; unknown symbols are left out (or null).
    const body = await client.get('/v2/stocks/snapshots', { symbols: batch.join(','), feed: client.feed })
    for (const symbol of batch) {
      const snap = body[symbol]
      if (snap !== undefined && snap !== null) out.set(symbol, parseSnapshotQuote(symbol, snap, DELAYED))
    }
  }
  return out
}

export async function quotes(client: AlpacaClient, symbols: string[]): Promise<Quote[]> {
  const wanted = normalizeSymbols(symbols)
  const found = await snapshots(client, wanted)
  return wanted.flatMap((s) => found.get(s) ?? [])
}

/**
 * Alpaca's asset list (/v2/assets) is a Trading API resource outside docs/vendor-formats.md, and
 * market data carries no name, sector, industry or market cap. So an instrument is only what a
 * snapshot proves: the symbol is quoted. Name is the symbol, exchange unknown (''), type 'stock'.
 */
export async function instrument(client: AlpacaClient, symbol: string): Promise<Instrument | null> {
  const sym = symbol.trim().toUpperCase()
  if (sym === '') return null
  const found = await snapshots(client, [sym])
  if (!found.has(sym)) return null
  return {
    symbol: sym,
    name: sym,
    exchange: '',
    type: 'stock',
    sector: null,
    industry: null,
    market_cap: null,
    // Alpaca lists US equities only.
    currency: 'USD',
    country: null,
  }
}

export async function optionChain(
  client: AlpacaClient,
  symbol: string,
  query: { expiration?: string } = {},
): Promise<OptionChain> {
  const underlying = symbol.trim().toUpperCase()
  // The whole chain (every expiration) is needed to list expirations; feed is left to the
  // account's default (opra or indicative), which Alpaca's documentation does not tie to a plan.
  const all = await client.paginate(
    `/v1beta1/options/snapshots/${encodeURIComponent(underlying)}`,
    {},
    {
      perPage: MAX_OPTIONS_PER_PAGE,
      take: undefined,
      items: (body) =>
        Object.entries(obj(body['snapshots'], 'snapshots')).map(([occ, snap]) =>
          parseOptionSnapshot(occ, underlying, snap),
        ),
    },
  )
  const expirations = [...new Set(all.map((c) => c.expiration))].sort()
  const expiration = query.expiration ?? expirations[0]
  const contracts = all
    .filter((c) => c.expiration === expiration)
    .sort((a, b) => a.strike - b.strike || a.type.localeCompare(b.type))
  return { underlying, expirations, contracts }
}
