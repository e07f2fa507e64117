/** Turning inverse-fund rows into sized suggestions (hedge sizing, the funds, the cost and the drift warning). */
import { cents } from '../../../../kernel/decimal/cents.ts'
import { sizeHedge } from './hedge.ts'

export interface FundRow {
  ticker: string
  issuer: string
  underlying: string
  index_key: string
  benchmark: string | null
  daily_leverage: number
  expense_ratio: string | null
  verified_at: string
  note: string | null
}

/** The four indexes hedging picks among and the funds whose closes stand for them. */
export const INDEX_BENCHMARKS = { SPX: 'SPY', NDX: 'QQQ', DJIA: 'DIA', RUT: 'IWM' } as const
export type IndexKey = keyof typeof INDEX_BENCHMARKS

export const DRIFT_WARNING =
  'Inverse and leveraged funds reset daily: held longer than a day, their return drifts from −L × the ' +
  'index return (compounding), more in volatile markets and more with higher |L|. Re-size the hedge ' +
  'often, and prefer −1× funds.'

export function fundWarning(leverage: number): string {
  return Math.abs(leverage) === 1
    ? 'Daily −1× objective: over several days the return drifts from −1 × the index return.'
    : `Daily ${leverage}× objective: over several days the return can differ widely from ${leverage} × the ` +
        'index return (volatility decay); for short holds and active monitoring only.'
}

export interface SizedFund {
  ticker: string
  issuer: string
  underlying: string
  daily_leverage: number
  price: number | null
  beta: number
  full_notional: number
  excess_notional: number
  full_shares: number | null
  excess_shares: number | null
  notional: number
  shares: number | null
  expense_ratio: number | null
  annual_cost: number | null
  daily_cost: number | null
  verified_at: string
  note: string | null
  warning: string
}

export function sizeFund(
  f: FundRow,
  c: { mv: number; total: number; beta: number; price: number | null; mode: 'excess' | 'full' },
): SizedFund {
  const s = sizeHedge(c.mv, c.total, c.beta, f.daily_leverage, c.price)
  const notional = c.mode === 'full' ? s.full_notional : s.excess_notional
  const er = f.expense_ratio === null ? null : Number(f.expense_ratio)
  const annual = er === null ? null : cents(notional * er)
  return {
    ticker: f.ticker,
    issuer: f.issuer,
    underlying: f.underlying,
    daily_leverage: f.daily_leverage,
    price: c.price,
    beta: c.beta,
    ...s,
    notional,
    shares: c.mode === 'full' ? s.full_shares : s.excess_shares,
    expense_ratio: er,
    annual_cost: annual,
    daily_cost: annual === null ? null : cents(annual / 365),
    verified_at: f.verified_at,
    note: f.note,
    warning: fundWarning(f.daily_leverage),
  }
}
