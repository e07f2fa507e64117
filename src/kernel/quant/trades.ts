/**
 * Trade-list statistics (docs/definitions.md#performance-metrics, worked example T1): win rate with a zero-PnL trade
 * counted as a non-win (backtesting.py; the quantstats variant excluding zeros is given too), profit
 * factor, average win and loss, payoff, expectancy as the mean PnL over all trades, SQN.
 *
 * The input is one number per trade: PnL in money, or ReturnPct (then expectancy is backtesting.py's
 * mean return, as a fraction; ×100 for its percent), or period returns for quantstats-style figures.
 */
import type { Series } from './series.ts'

export interface TradeStats {
  trades: number
  wins: number
  losses: number
  /** Trades with PnL exactly 0. */
  scratch: number
  /** wins / trades, a zero counted as a non-win; NaN with no trades. */
  winRate: number
  /** wins / (wins + losses), zeros left out (quantstats on returns); NaN with neither. */
  winRateExcludingZero: number
  /** Σ of the positive PnL. */
  grossProfit: number
  /** |Σ of the negative PnL| (a positive number). */
  grossLoss: number
  /** grossProfit / grossLoss; with no losses NaN (∞) if there are wins, 0 if there are none. */
  profitFactor: number
  /** mean(PnL | PnL > 0); NaN with no wins. */
  avgWin: number
  /** mean(PnL | PnL < 0) (negative); NaN with no losses. */
  avgLoss: number
  /** avgWin / |avgLoss|; NaN unless there are both wins and losses. */
  payoff: number
  /** mean(PnL) over all trades, zeros included (= winRate·avgWin + lossRate·avgLoss); NaN with none. */
  expectancy: number
  /** √n·mean(PnL)/σ(PnL, ddof = 1) (backtesting.py); NaN with fewer than 2 trades or σ = 0. */
  sqn: number
}

export function tradeStats(pnl: Series): TradeStats {
  const n = pnl.length
  let wins = 0
  let losses = 0
  let grossProfit = 0
  let loss = 0
  for (let i = 0; i < n; i++) {
    const p = pnl[i]!
    if (p > 0) {
      wins++
      grossProfit += p
    } else if (p < 0) {
      losses++
      loss += p
    }
  }
  const expectancy = n > 0 ? (grossProfit + loss) / n : Number.NaN
  let ss = 0
  for (let i = 0; i < n; i++) ss += (pnl[i]! - expectancy) ** 2
  const sd = n > 1 ? Math.sqrt(ss / (n - 1)) : Number.NaN
  const avgWin = wins > 0 ? grossProfit / wins : Number.NaN
  const avgLoss = losses > 0 ? loss / losses : Number.NaN
  return {
    trades: n,
    wins,
    losses,
    scratch: n - wins - losses,
    winRate: n > 0 ? wins / n : Number.NaN,
    winRateExcludingZero: wins + losses > 0 ? wins / (wins + losses) : Number.NaN,
    grossProfit,
    grossLoss: -loss,
    profitFactor: loss < 0 ? grossProfit / -loss : grossProfit > 0 ? Number.NaN : 0,
    avgWin,
    avgLoss,
    payoff: avgWin / Math.abs(avgLoss),
    expectancy,
    sqn: sd > 0 ? (Math.sqrt(n) * expectancy) / sd : Number.NaN,
  }
}
