/**
 * The simulated universe: real US tickers with metadata, and the per-symbol parameters of the
 * factor model (market beta, sector loading, idiosyncratic vol) that daily.ts walks.
 */
import type { Instrument } from '../market-data.port.ts'
import { startLevel } from './history-levels.ts'
import { hashString } from './random.ts'
import { UNIVERSE_DATA, type DerivedRow, type FundRow, type UniverseData } from './universe-data.ts'

/** Daily vol of the market factor at a VIX of 17. */
export const MARKET_VOL = 0.0095

/** Per sector: default beta, idiosyncratic daily vol and the sector factor's daily vol. */
export const SECTOR_PARAMS: Readonly<Record<string, { beta: number; idio: number; vol: number }>> = {
  'Information Technology': { beta: 1.2, idio: 0.016, vol: 0.008 },
  'Communication Services': { beta: 1.1, idio: 0.015, vol: 0.007 },
  'Consumer Discretionary': { beta: 1.15, idio: 0.016, vol: 0.007 },
  'Consumer Staples': { beta: 0.6, idio: 0.009, vol: 0.006 },
  'Health Care': { beta: 0.8, idio: 0.012, vol: 0.007 },
  Financials: { beta: 1.05, idio: 0.011, vol: 0.008 },
  Industrials: { beta: 1.0, idio: 0.011, vol: 0.006 },
  Energy: { beta: 0.9, idio: 0.012, vol: 0.013 },
  Utilities: { beta: 0.5, idio: 0.008, vol: 0.008 },
  'Real Estate': { beta: 0.9, idio: 0.01, vol: 0.008 },
  Materials: { beta: 1.0, idio: 0.012, vol: 0.008 },
}

interface Common {
  symbol: string
  /** The close on the anchor date (ANCHOR_DATE in daily.ts). */
  ref: number
  /** Typical total daily log-return vol, for gaps, ranges and option prices. */
  sigma: number
  avgVolume: number
  /** False for indices: no pre/post-market bars and no volume. */
  extended: boolean
  /**
   * The trend line's level on the table's first day (history-levels.ts): before the reference
   * date the price climbs from it; null keeps the trend after the reference date (derived products).
   */
  start: number | null
}
export type Profile =
  | (Common & {
      kind: 'factor'
      beta: number
      sector: string | null
      sectorLoad: number
      idio: number
      drift: number
    })
  | (Common & { kind: 'derived'; underlying: string; leverage: number; noise: number; fee: number })
  | (Common & { kind: 'vix' })

/** A stable number in [0, 1) per symbol and purpose (metadata must not depend on the seed). */
const jitter = (symbol: string, salt: string) => hashString(`${symbol}:${salt}`) / 2 ** 32

function sectorSigma(sector: string | null, load: number): number {
  return sector ? (SECTOR_PARAMS[sector]?.vol ?? 0.007) * load : 0
}

interface Built {
  instruments: Instrument[]
  profiles: Map<string, Profile>
}

/** Stocks load their sector's factor with their own beta; metadata jitter is per symbol. */
function addStocks({ instruments, profiles }: Built, sectors: UniverseData['stocks']['sectors']): void {
  for (const { sector, rows } of sectors) {
    const p = SECTOR_PARAMS[sector]!
    for (const [symbol, name, exchange, industry, capBn, price, volMult = 1] of rows) {
      instruments.push({
        symbol,
        name,
        exchange,
        type: 'stock',
        sector,
        industry,
        market_cap: capBn * 1e9,
        currency: 'USD',
        country: 'US',
      })
      const beta = p.beta * Math.sqrt(volMult) * (0.85 + 0.3 * jitter(symbol, 'beta'))
      const idio = p.idio * volMult
      const turnover = 0.003 + 0.006 * jitter(symbol, 'turnover') // of shares outstanding per day
      profiles.set(symbol, {
        kind: 'factor',
        symbol,
        ref: price,
        beta,
        sector,
        sectorLoad: 1,
        idio,
        drift: 0.0003 * jitter(symbol, 'drift'),
        sigma: Math.hypot(beta * MARKET_VOL, p.vol, idio),
        avgVolume: Math.max(300_000, Math.round(((capBn * 1e9) / price) * turnover)),
        extended: true,
        start: startLevel(symbol, price, sector),
      })
    }
  }
}

function addFunds({ instruments, profiles }: Built, rows: readonly FundRow[]): void {
  for (const [symbol, name, exchange, sector, category, price, volM, beta, load, idioPct] of rows) {
    instruments.push({
      symbol,
      name,
      exchange,
      type: 'etf',
      sector,
      industry: category,
      market_cap: null,
      currency: 'USD',
      country: null,
    })
    const idio = idioPct / 100
    profiles.set(symbol, {
      kind: 'factor',
      symbol,
      ref: price,
      beta,
      sector,
      sectorLoad: load,
      idio,
      drift: beta > 0.5 ? 0.00025 : 0.00005,
      sigma: Math.hypot(beta * MARKET_VOL, sectorSigma(sector, load), idio),
      avgVolume: Math.round(volM * 1e6),
      extended: true,
      start: startLevel(symbol, price, sector, beta),
    })
  }
}

/** Leveraged, inverse and index products follow their underlying, which must be added first. */
function addDerived({ instruments, profiles }: Built, rows: readonly DerivedRow[]): void {
  for (const [symbol, name, exchange, type, underlying, leverage, price, volM] of rows) {
    const base = profiles.get(underlying)!
    const index = type === 'index'
    instruments.push({
      symbol,
      name,
      exchange,
      type,
      sector: null,
      industry: index ? 'Index' : leverage < 0 ? 'Inverse Equity' : 'Leveraged Equity',
      market_cap: null,
      currency: 'USD',
      country: null,
    })
    profiles.set(symbol, {
      kind: 'derived',
      symbol,
      ref: price,
      underlying,
      leverage,
      noise: index ? 0 : 0.0002,
      fee: index ? 0 : 0.009 / 252,
      sigma: Math.abs(leverage) * base.sigma,
      avgVolume: Math.round(volM * 1e6),
      extended: !index,
      start: null,
    })
  }
}

function addVix({ instruments, profiles }: Built, VIX: UniverseData['vix']): void {
  instruments.push({
    symbol: VIX.symbol,
    name: VIX.name,
    exchange: VIX.exchange,
    type: 'index',
    sector: null,
    industry: 'Volatility Index',
    market_cap: null,
    currency: 'USD',
    country: null,
  })
  profiles.set(VIX.symbol, {
    kind: 'vix',
    symbol: VIX.symbol,
    ref: VIX.level,
    sigma: 0.06,
    avgVolume: 0,
    extended: false,
    start: null,
  })
}

function build(): Built {
  const built: Built = { instruments: [], profiles: new Map() }
  addStocks(built, UNIVERSE_DATA.stocks.sectors)
  addFunds(built, UNIVERSE_DATA.funds.rows)
  addDerived(built, UNIVERSE_DATA.derived.rows)
  addVix(built, UNIVERSE_DATA.vix)
  return built
}

const { instruments: INSTRUMENTS, profiles: PROFILES } = build()

/** Every instrument of the simulated universe (stocks, then funds, then derived products and ^VIX). */
export const UNIVERSE: readonly Instrument[] = INSTRUMENTS
const BY_SYMBOL = new Map(INSTRUMENTS.map((i) => [i.symbol, i]))

export function instrumentOf(symbol: string): Instrument | null {
  return BY_SYMBOL.get(symbol) ?? null
}

export function profileOf(symbol: string): Profile | null {
  return PROFILES.get(symbol) ?? null
}

/**
 * A profile for a symbol outside the universe, used only by `close()` (the demo seed may price
 * anything): a market-beta stock with a hashed reference price of 10–500.
 */
export function syntheticProfile(symbol: string): Profile {
  return {
    kind: 'factor',
    symbol,
    ref: 10 + jitter(symbol, 'ref') * 490,
    beta: 1,
    sector: null,
    sectorLoad: 0,
    idio: 0.012,
    drift: 0.0002,
    sigma: Math.hypot(MARKET_VOL, 0.012),
    avgVolume: 1_000_000,
    extended: true,
    start: null,
  }
}
