/** Inverse-fund hedges for positions above 10 % of the portfolio (GET /hedging). */
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Field, SelectField } from '../../../ui/Field.tsx'
import { money, num, pct } from '../../../ui/format.ts'
import { QueryState } from '../../../ui/QueryState.tsx'
import { numberOrUndefined } from '../fields.ts'
import { hedging, type Hedging } from './api.ts'
import { TableWrap } from '../../../ui/TableWrap.tsx'

function Suggestions({ h }: { h: Hedging }) {
  return (
    <>
      <p className="muted">
        Total {money(h.total)} (holdings {money(h.gross_exposure)} + cash {money(h.cash)}); {h.positions}{' '}
        positions, a position above {pct(h.limit, 0)} is hedged.
      </p>
      <TableWrap label="Hedge suggestions">
        <table aria-label="Hedge suggestions">
          <thead>
            <tr>
              <th scope="col">Symbol</th>
              <th scope="col" className="num">
                Weight
              </th>
              <th scope="col" className="num">
                Above the limit
              </th>
              <th scope="col">Index (β, R²)</th>
              <th scope="col">Hedge</th>
              <th scope="col" className="num">
                Shares
              </th>
              <th scope="col" className="num">
                Notional
              </th>
              <th scope="col" className="num">
                Annual cost
              </th>
            </tr>
          </thead>
          <tbody>
            {h.suggestions.map((s) => (
              <tr key={s.symbol}>
                <td>{s.symbol}</td>
                <td className="num">{pct(s.weight)}</td>
                <td className="num">{money(s.excess_value)}</td>
                <td>
                  {s.index ? `${s.index.key} (${num(s.index.beta, 2)}, ${num(s.index.r2, 2)})` : '—'}
                  {s.beta_assumed ? ' assumed' : ''}
                </td>
                <td>
                  {s.hedge ? `${s.hedge.ticker} (${s.hedge.daily_leverage}×)` : (s.skipped_reason ?? '—')}
                </td>
                <td className="num">{num(s.hedge?.shares, 0)}</td>
                <td className="num">{money(s.hedge?.notional)}</td>
                <td className="num">{money(s.hedge?.annual_cost)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      {h.warnings.length > 0 && (
        <ul className="notice">
          {h.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
    </>
  )
}

export function Hedges() {
  const [cash, setCash] = useState(0)
  const [mode, setMode] = useState<'excess' | 'full'>('excess')
  const q = useQuery({ queryKey: ['intel', 'hedging', cash, mode], queryFn: () => hedging(cash, mode) })
  return (
    <>
      <div className="actions">
        <Field
          label="Cash (USD)"
          name="cash"
          type="number"
          min="0"
          defaultValue="0"
          error={q.error}
          onBlur={(e) => setCash(numberOrUndefined(e.target.value) ?? 0)}
        />
        <SelectField
          label="Size"
          name="mode"
          value={mode}
          onChange={(e) => setMode(e.target.value === 'full' ? 'full' : 'excess')}
        >
          <option value="excess">The excess over 10 %</option>
          <option value="full">The whole position</option>
        </SelectField>
      </div>
      <QueryState
        query={q}
        label="Loading hedges"
        isEmpty={(h) => h.suggestions.length === 0}
        empty="No position is above 10 % of the portfolio, so nothing needs a hedge."
      >
        {(h) => <Suggestions h={h} />}
      </QueryState>
    </>
  )
}
