/** One run as the API answered it: what was run, why it may be empty, headline, curve, metrics and trades. */
import { date, money } from '../../../ui/format.ts'
import { Section } from '../../../ui/Page.tsx'
import type { Backtest } from './api.ts'
import { EquityCurve } from './EquityCurve.tsx'
import { Headline, MetricsTable } from './Metrics.tsx'
import { TradeLog } from './TradeLog.tsx'

function Selection({ run }: { run: Backtest }) {
  const excluded = Object.entries(run.selection.excluded).filter(([, n]) => n > 0)
  const p = run.prices
  return (
    <>
      <p className="muted">
        {run.strategy === 'sma_cross' ? 'SMA cross' : 'Replay'} from {date(run.from)} to {date(run.to)},
        initial capital {money(run.initial_capital)}; {run.selection.trades_used} of{' '}
        {run.selection.trades_read} trades used
        {excluded.length > 0 &&
          ` (left out: ${excluded.map(([r, n]) => `${r.replaceAll('_', ' ')} ${n}`).join(', ')})`}
        .
      </p>
      {run.note && <p className="notice">{run.note}</p>}
      {p.degraded && (
        <p className="notice">
          Some prices could not be read ({[...p.failed, ...p.capped].join(', ')}): those trades are marked at
          cost until they close.
        </p>
      )}
      {p.unpriced.length > 0 && <p className="muted">No daily closes for {p.unpriced.join(', ')}.</p>}
    </>
  )
}

export function BacktestResult({ run }: { run: Backtest }) {
  return (
    <>
      <Selection run={run} />
      <Headline summary={run.summary} />
      <Section title="Equity curve">
        <EquityCurve run={run} />
      </Section>
      <div className="grid">
        <Section title="Metrics">
          <MetricsTable summary={run.summary} />
        </Section>
        <Section title="Trade log">
          <TradeLog id={run.id} total={run.trades_total} />
        </Section>
      </div>
    </>
  )
}
