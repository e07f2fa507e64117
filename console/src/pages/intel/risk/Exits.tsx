/**
 * Stop levels for the holdings (POST /exit/compute with no positions: every account's holdings), with
 * the method and its parameters, or a saved strategy (GET /exit).
 */
import { useMutation, useQuery } from '@tanstack/react-query'
import { Field, SelectField } from '../../../ui/Field.tsx'
import { formFields } from '../../../ui/form.ts'
import { date, money, num, pctPoints, trend, price } from '../../../ui/format.ts'
import { ProblemAlert } from '../../../ui/ProblemAlert.tsx'
import { numberOrUndefined } from '../fields.ts'
import {
  computeExits,
  exitStrategies,
  type ExitBody,
  type ExitMethod,
  type Exits as ExitsOut,
} from './api.ts'
import { TableWrap } from '../../../ui/TableWrap.tsx'

function bodyOf(get: (name: string) => string): ExitBody {
  const body: ExitBody = {
    strategy_id: numberOrUndefined(get('strategy_id')),
    method: (get('method') || undefined) as ExitMethod | undefined,
    atr_period: numberOrUndefined(get('atr_period')),
    multiplier: numberOrUndefined(get('multiplier')),
    percent: numberOrUndefined(get('percent')),
  }
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined))
}

function Levels({ r }: { r: ExitsOut }) {
  if (r.positions.length === 0)
    return <p className="empty">No holding to protect: add holdings under Portfolio.</p>
  return (
    <>
      <p className="muted">
        Method {r.params.method}; {money(r.total_at_risk)} at risk down to the stops; {r.breached} stop(s)
        breached
        {r.breached > 0 ? ` (${money(r.total_past_stop)} past them)` : ''}.
      </p>
      <TableWrap label="Stops">
        <table aria-label="Stops">
          <thead>
            <tr>
              <th scope="col">Symbol</th>
              <th scope="col">Side</th>
              <th scope="col" className="num">
                Entry
              </th>
              <th scope="col" className="num">
                Last close
              </th>
              <th scope="col" className="num">
                ATR
              </th>
              <th scope="col" className="num">
                Stop
              </th>
              <th scope="col" className="num">
                Distance
              </th>
              <th scope="col" className="num">
                At risk
              </th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {r.positions.map((p) => (
              <tr key={`${p.symbol}-${p.entry_price}`}>
                <td>{p.symbol}</td>
                <td>{p.side}</td>
                <td className="num">{price(p.entry_price)}</td>
                <td className="num">
                  {price(p.last_close)} <span className="muted">{date(p.as_of)}</span>
                </td>
                <td className="num">{num(p.atr, 4)}</td>
                <td className="num">{price(p.stop)}</td>
                <td className={`num ${trend(p.distance_pct)}`}>{pctPoints(p.distance_pct)}</td>
                <td className="num">{money(p.at_risk)}</td>
                <td className={p.triggered ? 'down' : ''}>
                  {p.null_reason ? p.null_reason.replaceAll('_', ' ') : p.triggered ? 'breached' : 'holding'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
    </>
  )
}

export function Exits() {
  const strategies = useQuery({ queryKey: ['intel', 'exit-strategies'], queryFn: exitStrategies })
  const compute = useMutation({ mutationFn: computeExits })
  return (
    <>
      <form
        className="inline"
        aria-label="Compute stops"
        onSubmit={(e) => compute.mutate(bodyOf(formFields(e)))}
      >
        <SelectField label="Saved strategy" name="strategy_id" error={compute.error} defaultValue="">
          <option value="">None</option>
          {strategies.data?.items.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Method" name="method" error={compute.error} defaultValue="">
          <option value="">Default (ATR)</option>
          <option value="atr">ATR stop</option>
          <option value="chandelier">Chandelier (trailing)</option>
          <option value="percent">Percent</option>
        </SelectField>
        <Field label="ATR period" name="atr_period" type="number" error={compute.error} placeholder="14" />
        <Field
          label="Multiplier"
          name="multiplier"
          type="number"
          step="any"
          error={compute.error}
          placeholder="2"
        />
        <Field
          label="Percent"
          name="percent"
          type="number"
          step="any"
          error={compute.error}
          hint="Percent method"
        />
        <button type="submit" disabled={compute.isPending}>
          {compute.isPending ? 'Computing…' : 'Compute stops'}
        </button>
      </form>
      <ProblemAlert error={compute.error ?? strategies.error} />
      {compute.data && <Levels r={compute.data} />}
    </>
  )
}
