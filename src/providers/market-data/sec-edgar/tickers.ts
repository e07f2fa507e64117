/** Ticker → CIK: the caller's overrides first, else SEC's company_tickers.json, kept for a day. */
import type { Clock } from '../../../platform/clock.ts'
import { DAY_MS } from '../../../kernel/dates.ts'
import { isObj, malformed, type SecClient } from './client.ts'

const TICKERS_TTL_MS = DAY_MS

export function createCikLookup(
  client: SecClient,
  archivesBase: string,
  clock: Clock,
  tickerToCik: ((symbol: string) => string | null) | undefined,
): (symbol: string) => Promise<string | null> {
  let tickers: { at: number; map: Promise<Map<string, string>> } | undefined

  async function loadTickers(): Promise<Map<string, string>> {
    const url = `${archivesBase}/files/company_tickers.json`
    const payload = await client.getJson(url)
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
    const given = tickerToCik?.(symbol)
    if (given !== undefined && given !== null) {
      if (!/^\d{1,10}$/.test(given)) throw new TypeError(`tickerToCik gave a bad CIK for ${symbol}`)
      return given
    }
    const now = clock.now().getTime()
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

  return cikOf
}
