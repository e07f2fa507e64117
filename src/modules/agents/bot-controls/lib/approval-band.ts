/**
 * The price band of a held market order: the reference price the gate used ± MARKET_BAND_PCT percent,
 * rounded half away from zero to 6 decimals (the precision prices are stored at). At approval the
 * current quote must lie within [low, high], both ends included; otherwise the order is not sent.
 * A limit order needs no band: its limit price already bounds what it can fill at.
 */
import { decAdd, decDiv, decMul, decSign, decSub } from '../../../../kernel/decimal/index.ts'

/** How far (in percent of the reference price) the quote may move before a market order's approval lapses. */
export const MARKET_BAND_PCT = '2'
export const BAND_PLACES = 6

export interface Band {
  low: string
  high: string
}

const pct = (price: string, factorPct: string) => decDiv(decMul(price, factorPct), '100', BAND_PLACES) ?? '0'

/** The band around `referencePrice` (a positive decimal string). */
export function marketBand(referencePrice: string, bandPct: string = MARKET_BAND_PCT): Band {
  return {
    low: pct(referencePrice, decSub('100', bandPct)),
    high: pct(referencePrice, decAdd('100', bandPct)),
  }
}

/** True when `quote` lies within the band, ends included. */
export const withinBand = (quote: string, band: Band): boolean =>
  decSign(decSub(quote, band.low)) >= 0 && decSign(decSub(band.high, quote)) >= 0
