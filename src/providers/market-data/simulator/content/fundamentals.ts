/**
 * The scale of a simulated company's results, so its reports read like the real company's: annual
 * revenue and adjusted EPS around the 2025 anchor year. The largest companies (and those whose
 * sector's ratios would mislead: thin-margin retailers, distributors and insurers, money-losing
 * growth names) carry their approximate real figures; every other company gets revenue from its
 * market capitalisation at its sector's price/sales ratio and EPS from its reference price at its
 * sector's price/earnings ratio, with a per-symbol spread. Metadata: a function of the symbol only.
 */
import { instrumentOf, profileOf } from '../universe.ts'
import { rand } from './random.ts'

export interface Scale {
  /** Annual revenue around 2025, USD. */
  revenue: number
  /** Annual adjusted EPS around 2025, USD a share (negative for a loss). */
  eps: number
}

/** Approximate 2025 annual revenue (USD billions) and adjusted EPS (USD) of well-known names. */
const KNOWN: Readonly<Record<string, readonly [number, number]>> = {
  AAPL: [416, 7.4],
  MSFT: [282, 13.6],
  NVDA: [190, 4.4],
  AVGO: [62, 6.8],
  ORCL: [59, 6.0],
  CRM: [41, 11.3],
  ADBE: [23.7, 20.8],
  AMD: [33, 3.9],
  CSCO: [57, 3.9],
  ACN: [70, 12.9],
  IBM: [66, 11.3],
  INTU: [19, 20],
  NOW: [13, 17],
  QCOM: [44, 11.9],
  AMAT: [28, 9.4],
  PLTR: [4, 0.6],
  MU: [37, 8],
  INTC: [53, 0.3],
  DELL: [100, 9.5],
  HPQ: [55, 3.1],
  HPE: [32, 1.9],
  SMCI: [22, 2.2],
  JBL: [29, 9.3],
  CDW: [21, 9.9],
  GOOGL: [390, 10.5],
  GOOG: [390, 10.5],
  META: [190, 28],
  NFLX: [45, 25],
  TMUS: [86, 10.5],
  DIS: [94, 5.9],
  VZ: [137, 4.7],
  T: [124, 2.0],
  CMCSA: [124, 4.3],
  CHTR: [55, 38],
  WBD: [38, -0.3],
  AMZN: [700, 6.7],
  TSLA: [95, 1.7],
  HD: [165, 15],
  MCD: [26, 12.2],
  BKNG: [26, 220],
  LOW: [84, 12.3],
  TJX: [58, 4.6],
  NKE: [46, 1.6],
  SBUX: [37, 2.2],
  GM: [187, 9.5],
  F: [185, 1.1],
  WMT: [700, 2.6],
  COST: [275, 19.5],
  PG: [85, 6.8],
  KO: [48, 3.0],
  PEP: [93, 8.1],
  PM: [40, 7.5],
  TGT: [105, 7.3],
  KR: [147, 4.7],
  SYY: [81, 4.5],
  ADM: [85, 4.3],
  DG: [41, 5.9],
  TSN: [54, 3.9],
  BG: [53, 7.5],
  LLY: [60, 23],
  JNJ: [92, 10.8],
  ABBV: [60, 10.2],
  UNH: [440, 16],
  ABT: [44, 5.15],
  MRK: [64, 9],
  PFE: [63, 3.1],
  CVS: [390, 6.4],
  MCK: [370, 37],
  CI: [260, 29.6],
  ELV: [195, 30],
  COR: [320, 16],
  CAH: [225, 9.5],
  HUM: [126, 17],
  CNC: [185, 2],
  MOH: [44, 14],
  HCA: [74, 27],
  MRNA: [2, -7.5],
  'BRK.B': [370, 20],
  JPM: [180, 20],
  V: [40, 11.5],
  MA: [32, 16],
  BAC: [108, 3.6],
  WFC: [83, 6.1],
  MS: [68, 9.5],
  GS: [58, 46],
  AXP: [72, 15.3],
  C: [85, 7.5],
  BLK: [23, 47],
  PGR: [85, 14.5],
  GE: [45, 6.1],
  RTX: [86, 6.1],
  CAT: [65, 19],
  UBER: [50, 2.8],
  BA: [85, -5],
  HON: [40, 10.4],
  UNP: [24.5, 11.6],
  DE: [45, 19],
  LMT: [74, 22],
  UPS: [89, 6.5],
  FDX: [89, 18.5],
  GD: [50, 15.5],
  NOC: [42, 26],
  DAL: [62, 6],
  UAL: [58, 10.5],
  XOM: [335, 7],
  CVX: [190, 7.5],
  COP: [58, 6.5],
  MPC: [135, 8.5],
  PSX: [135, 6],
  VLO: [125, 8],
  LIN: [34, 16.4],
  TPL: [0.75, 20],
}

/** Per sector: price/sales and price/earnings ratios of a typical member. */
const RATIOS: Readonly<Record<string, { ps: number; pe: number }>> = {
  'Information Technology': { ps: 7, pe: 30 },
  'Communication Services': { ps: 4, pe: 20 },
  'Consumer Discretionary': { ps: 2.5, pe: 24 },
  'Consumer Staples': { ps: 1.8, pe: 21 },
  'Health Care': { ps: 3.5, pe: 20 },
  Financials: { ps: 3.5, pe: 16 },
  Industrials: { ps: 3, pe: 24 },
  Energy: { ps: 1.5, pe: 13 },
  Utilities: { ps: 3, pe: 18 },
  'Real Estate': { ps: 6, pe: 35 },
  Materials: { ps: 2.5, pe: 20 },
}
const DEFAULT_RATIOS = { ps: 3, pe: 20 }

/** The scale of a company's results around 2025; null for a symbol outside the universe. */
export function scaleOf(symbol: string): Scale | null {
  const known = KNOWN[symbol]
  if (known) return { revenue: known[0] * 1e9, eps: known[1] }
  const instrument = instrumentOf(symbol)
  const price = profileOf(symbol)?.ref
  if (!instrument?.market_cap || !price) return null
  const r = rand('scale', symbol)
  const { ps, pe } = RATIOS[instrument.sector ?? ''] ?? DEFAULT_RATIOS
  return {
    revenue: instrument.market_cap / (ps * r.logBetween(0.6, 1.7)),
    eps: price / (pe * r.logBetween(0.7, 1.4)),
  }
}
