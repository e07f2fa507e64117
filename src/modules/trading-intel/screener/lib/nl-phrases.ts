/**
 * The keyword rules' phrase table: each rule is a regular expression over the lower-cased prompt
 * and the clause it stands for. Rules are tried in this order and a match consumes its words, so
 * the more specific phrasing comes first ("crossing above the 50-day" before "above the 50-day",
 * "market cap over $10B" before "over $10"). Thresholds are named constants, documented in
 * docs/screener.md ("Building a screen from words").
 */
import { AMOUNT, CMP, amount, cmpOp } from './nl-words.ts'
import type { Condition, Op, ScreenSpec } from './spec.ts'

export interface Clause {
  /** A short name of what the words meant ("large caps"). */
  name: string
  conditions: Condition[]
  sort?: NonNullable<ScreenSpec['sort']>
  universe?: NonNullable<ScreenSpec['universe']>
}

export interface PhraseRule {
  id: string
  /** Must carry the `g` flag; matched against the lower-cased prompt. */
  pattern: RegExp
  build(m: RegExpExecArray): Clause
}

/** Market-cap bands in USD (the common convention: micro < 300M ≤ small < 2B ≤ mid < 10B ≤ large; mega ≥ 200B). */
export const CAP = { micro: 300e6, small: 2e9, mid: 10e9, mega: 200e9 } as const
export const RSI_OVERSOLD = 30
export const RSI_OVERBOUGHT = 70
/** Within this many percent of the 52-week high (or above the low) counts as "near". */
export const NEAR_52W_PCT = 5
export const GAP_PCT = 2
/** Relative volume (today / 20-session average) for "on volume" and for "unusual volume". */
export const RVOL_ON_VOLUME = 1.5
export const RVOL_UNUSUAL = 2
export const BETA_LOW = 0.8
export const BETA_HIGH = 1.5
export const HIGH_YIELD_PCT = 4
export const LOW_PE = 15
export const CHEAP_PRICE = 10
export const PENNY_PRICE = 5
/** |correlation| below this counts as uncorrelated. */
export const UNCORRELATED = 0.3
/** A sector below this share of the portfolio (percent) counts as underweight. */
export const UNDERWEIGHT_PCT = 5
export const ATR_VOLATILE_PCT = 4
export const ATR_QUIET_PCT = 2

const c = (field: string, op: Op, value?: Condition['value']): Condition =>
  value === undefined ? { field, op } : { field, op, value }

const num = (m: RegExpExecArray, i: number, unit = i + 1): number => amount(m[i]!, m[unit])

export const SIZE_RULES: PhraseRule[] = [
  {
    id: 'market_cap_cmp',
    pattern: new RegExp(`\\bmarket cap(?:itali[sz]ation)? (?:of )?${CMP} ${AMOUNT}`, 'g'),
    build: (m) => ({ name: 'market cap', conditions: [c('market_cap', cmpOp(m[1]!), num(m, 2))] }),
  },
  {
    id: 'mega_cap',
    pattern: /\bmega[- ]?caps?\b/g,
    build: () => ({ name: 'mega caps', conditions: [c('market_cap', 'gte', CAP.mega)] }),
  },
  {
    id: 'large_cap',
    pattern: /\b(?:large|big)[- ]?caps?\b/g,
    build: () => ({ name: 'large caps', conditions: [c('market_cap', 'gte', CAP.mid)] }),
  },
  {
    id: 'mid_cap',
    pattern: /\bmid[- ]?caps?\b/g,
    build: () => ({ name: 'mid caps', conditions: [c('market_cap', 'between', [CAP.small, CAP.mid])] }),
  },
  {
    id: 'small_cap',
    pattern: /\bsmall[- ]?caps?\b/g,
    build: () => ({ name: 'small caps', conditions: [c('market_cap', 'between', [CAP.micro, CAP.small])] }),
  },
  {
    id: 'micro_cap',
    pattern: /\bmicro[- ]?caps?\b/g,
    build: () => ({ name: 'micro caps', conditions: [c('market_cap', 'lt', CAP.micro)] }),
  },
]

export const VALUE_RULES: PhraseRule[] = [
  {
    id: 'pe_cmp',
    pattern: new RegExp(
      `\\b(?:p/?e|pe ratio|price[- ]to[- ]earnings)(?: ratio)? (?:of )?${CMP} (\\d+(?:\\.\\d+)?)`,
      'g',
    ),
    build: (m) => ({ name: 'P/E', conditions: [c('pe', cmpOp(m[1]!), Number(m[2]))] }),
  },
  {
    id: 'cmp_pe',
    pattern: new RegExp(`\\b${CMP} (\\d+(?:\\.\\d+)?)x? (?:p/?e|pe|times earnings)\\b`, 'g'),
    build: (m) => ({ name: 'P/E', conditions: [c('pe', cmpOp(m[1]!), Number(m[2]))] }),
  },
  {
    id: 'low_pe',
    pattern: /\b(?:low|cheap) (?:p\/?e|pe)\b/g,
    build: () => ({ name: 'low P/E', conditions: [c('pe', 'lt', LOW_PE)] }),
  },
  {
    id: 'yield_cmp',
    pattern: new RegExp(`\\b(?:high )?(?:dividend )?yield(?:ing|s)? ${CMP} (\\d+(?:\\.\\d+)?) ?%`, 'g'),
    build: (m) => ({ name: 'dividend yield', conditions: [c('dividend_yield', cmpOp(m[1]!), Number(m[2]))] }),
  },
  {
    id: 'high_yield',
    pattern: /\bhigh(?:[- ]yield(?:ing)?| dividends?(?: yields?)?)\b/g,
    build: () => ({ name: 'high dividend yield', conditions: [c('dividend_yield', 'gte', HIGH_YIELD_PCT)] }),
  },
  {
    id: 'dividend_payers',
    pattern:
      /\b(?:dividend[- ](?:payers?|paying|stocks?|growers?)|pays? (?:a )?dividends?|with (?:a )?dividends?)\b/g,
    build: () => ({ name: 'dividend payers', conditions: [c('dividend_yield', 'gt', 0)] }),
  },
]

export const SECTORS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(?:information technology|technology|tech)\b/g, 'Information Technology'],
  [/\b(?:energy|oil and gas|oil & gas)\b/g, 'Energy'],
  [/\b(?:health ?care|pharma|biotech)\b/g, 'Health Care'],
  [/\b(?:financials?|banks?)\b/g, 'Financials'],
  [/\b(?:utilities|utility)\b/g, 'Utilities'],
  [/\b(?:real estate|reits?)\b/g, 'Real Estate'],
  [/\bindustrials?\b/g, 'Industrials'],
  [/\b(?:materials|mining)\b/g, 'Materials'],
  [/\b(?:consumer staples|staples)\b/g, 'Consumer Staples'],
  [/\b(?:consumer discretionary|retailers?|retail)\b/g, 'Consumer Discretionary'],
  [/\b(?:communication services|telecoms?|media)\b/g, 'Communication Services'],
]

/** One rule per sector; several sectors in one prompt are merged into `sector in [...]`. */
export const SECTOR_RULES: PhraseRule[] = SECTORS.map(([pattern, sector]) => ({
  id: `sector:${sector}`,
  pattern,
  build: () => ({ name: `${sector} sector`, conditions: [c('sector', 'eq', sector)] }),
}))

export const UNIVERSE_RULES: PhraseRule[] = [
  {
    id: 'funds',
    pattern: /\b(?:etfs?|exchange[- ]traded funds?|funds)\b/g,
    build: () => ({ name: 'funds (ETFs)', conditions: [], universe: 'funds' }),
  },
]

export const SIGNAL_RULES: PhraseRule[] = [
  {
    id: 'setup_orb',
    pattern: /\b(?:opening[- ]range breakouts?|orb)\b/g,
    build: () => ({ name: 'opening-range breakout', conditions: [c('intraday_setup', 'eq', 'orb')] }),
  },
  {
    id: 'setup_vwap',
    pattern: /\bvwap reclaims?\b/g,
    build: () => ({ name: 'VWAP reclaim', conditions: [c('intraday_setup', 'eq', 'vwap_reclaim')] }),
  },
  {
    id: 'flow_calls',
    pattern: /\b(?:bullish (?:options )?flow|call dominance|heavy call (?:buying|volume))\b/g,
    build: () => ({ name: 'bullish options flow', conditions: [c('options_flow', 'eq', 'CALL_DOMINANCE')] }),
  },
  {
    id: 'flow_puts',
    pattern: /\b(?:bearish (?:options )?flow|put dominance|heavy put (?:buying|volume))\b/g,
    build: () => ({ name: 'bearish options flow', conditions: [c('options_flow', 'eq', 'PUT_DOMINANCE')] }),
  },
]
