/** /intel/correlation — ρ of daily returns between the holdings and six benchmarks (GET /correlation). */
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { SelectField } from '../../../ui/Field.tsx'
import { date } from '../../../ui/format.ts'
import { Page, Section } from '../../../ui/Page.tsx'
import { QueryState } from '../../../ui/QueryState.tsx'
import { getCorrelation, type Correlation } from './api.ts'
import { Heatmap, Legend } from './Heatmap.tsx'

const LOOKBACKS = [30, 90, 180, 365, 730]

function Notes({ c }: { c: Correlation }) {
  const nulls = c.series.filter((s) => s.null_reason)
  const reason = {
    no_prices: 'no prices',
    too_few_returns: `fewer than ${c.min_pairs} returns`,
    flat: 'constant closes',
  }
  return (
    <>
      <p className="muted">
        Pearson correlation of daily simple returns from {date(c.from)} to {date(c.as_of)}; an entry needs at
        least {c.min_pairs} common returns. Benchmarks: {c.benchmarks.join(', ')}.
      </p>
      {nulls.length > 0 && (
        <p className="muted">
          Not available:{' '}
          {nulls.map((s) => `${s.symbol} (${s.null_reason ? reason[s.null_reason] : ''})`).join(', ')}.
        </p>
      )}
    </>
  )
}

export default function CorrelationPage() {
  const [lookback, setLookback] = useState(90)
  const corr = useQuery({
    queryKey: ['intel', 'correlation', lookback],
    queryFn: () => getCorrelation(lookback),
  })
  return (
    <Page title="Correlation">
      <Section
        title="Correlation matrix"
        actions={
          <SelectField
            label="Look-back"
            name="lookback_days"
            value={lookback}
            onChange={(e) => setLookback(Number(e.target.value))}
          >
            {LOOKBACKS.map((d) => (
              <option key={d} value={d}>
                {d} days
              </option>
            ))}
          </SelectField>
        }
      >
        <QueryState query={corr} label="Computing correlations" isEmpty={(c) => c.symbols.length === 0}>
          {(c) => (
            <>
              <Notes c={c} />
              <Heatmap c={c} />
              <Legend />
              {c.series.every((s) => !s.held) && (
                <p className="empty">
                  You hold nothing yet, so only the benchmarks are compared: add holdings under Portfolio to
                  see how they move together.
                </p>
              )}
            </>
          )}
        </QueryState>
      </Section>
      <HedgesLink />
    </Page>
  )
}

function HedgesLink() {
  return (
    <p className="muted">
      Concentrated positions and the inverse funds that would hedge them are on the Hedges &amp; exits tab.
    </p>
  )
}
