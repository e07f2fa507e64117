/** A backtest's performance metrics as the API answered them: headline figures, then every metric in a table. */
import { money, num, pct, trend } from '../../../ui/format.ts'
import { Stat } from '../../../ui/Stat.tsx'
import type { Backtest } from './api.ts'
import { TableWrap } from '../../../ui/TableWrap.tsx'

type Summary = Backtest['summary']
type Row = [label: string, key: string, value: number | null, text: string]

function rows(s: Summary): Row[] {
  const t = s.trades
  const dd = s.max_drawdown
  return [
    ['Final equity', 'final_equity', s.final_equity, money(s.final_equity)],
    ['Total return', 'total_return', s.total_return, pct(s.total_return)],
    ['CAGR (calendar days)', 'cagr', s.cagr, pct(s.cagr)],
    ['CAGR (252 periods)', 'cagr_periods', s.cagr_periods, pct(s.cagr_periods)],
    ['Volatility (annual)', 'volatility', s.volatility, pct(s.volatility)],
    ['Sharpe', 'sharpe', s.sharpe, num(s.sharpe, 3)],
    ['Sortino', 'sortino', s.sortino, num(s.sortino, 3)],
    ['Downside deviation', 'downside_deviation', s.downside_deviation, pct(s.downside_deviation)],
    ['Calmar', 'calmar', s.calmar, num(s.calmar, 3)],
    ['Max drawdown', 'max_drawdown.pct', dd.pct, pct(dd.pct)],
    ['Max drawdown amount', 'max_drawdown.amount', dd.amount, money(dd.amount)],
    [
      'Max drawdown duration (days)',
      'max_drawdown.duration_days',
      dd.duration_days,
      num(dd.duration_days, 0),
    ],
    [
      'Longest drawdown (days)',
      'longest_drawdown_days',
      s.longest_drawdown_days,
      num(s.longest_drawdown_days, 0),
    ],
    ['Trades', 'trades.count', t.count, num(t.count, 0)],
    ['Wins', 'trades.wins', t.wins, num(t.wins, 0)],
    ['Losses', 'trades.losses', t.losses, num(t.losses, 0)],
    ['Win rate', 'trades.win_rate', t.win_rate, pct(t.win_rate)],
    ['Profit factor', 'trades.profit_factor', t.profit_factor, num(t.profit_factor, 3)],
    ['Gross profit', 'trades.gross_profit', t.gross_profit, money(t.gross_profit)],
    ['Gross loss', 'trades.gross_loss', t.gross_loss, money(t.gross_loss)],
    ['Average win', 'trades.avg_win', t.avg_win, money(t.avg_win)],
    ['Average loss', 'trades.avg_loss', t.avg_loss, money(t.avg_loss)],
    ['Payoff ratio', 'trades.payoff', t.payoff, num(t.payoff, 3)],
    ['Expectancy (mean P&L)', 'trades.expectancy', t.expectancy, money(t.expectancy)],
    ['Expectancy (mean return)', 'trades.expectancy_pct', t.expectancy_pct, pct(t.expectancy_pct)],
    ['SQN', 'trades.sqn', t.sqn, num(t.sqn, 3)],
  ]
}

export function Headline({ summary }: { summary: Summary }) {
  return (
    <div className="stats">
      <Stat label="Final equity" value={money(summary.final_equity)} />
      <Stat label="Total return" value={pct(summary.total_return)} tone={trend(summary.total_return)} />
      <Stat label="Sharpe" value={num(summary.sharpe, 3)} />
      <Stat
        label="Max drawdown"
        value={pct(summary.max_drawdown.pct)}
        tone={trend(summary.max_drawdown.pct)}
      />
      <Stat
        label="Trades"
        value={num(summary.trades.count, 0)}
        sub={`win rate ${pct(summary.trades.win_rate)}`}
      />
    </div>
  )
}

export function MetricsTable({ summary }: { summary: Summary }) {
  return (
    <TableWrap label="Performance metrics">
      <table className="intel-metrics" aria-label="Performance metrics">
        <thead>
          <tr>
            <th scope="col">Metric</th>
            <th scope="col" className="num">
              Value
            </th>
          </tr>
        </thead>
        <tbody>
          {rows(summary).map(([label, key, value, text]) => (
            <tr key={key}>
              <th scope="row">{label}</th>
              <td className="num" data-metric={key} data-value={value === null ? 'null' : String(value)}>
                {text}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  )
}
