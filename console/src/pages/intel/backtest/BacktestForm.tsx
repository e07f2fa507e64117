/**
 * The backtest form: strategy, symbols, range, capital and the params of POST /backtest. A 422 shows
 * each message next to the field it names and the problem's detail above the button; a run goes to
 * its saved page with the answer already in the cache.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Field, SelectField } from '../../../ui/Field.tsx'
import { formFields } from '../../../ui/form.ts'
import { ProblemAlert } from '../../../ui/ProblemAlert.tsx'
import { numberOrUndefined, symbolList } from '../fields.ts'
import { backtestKey, runBacktest, type BacktestBody } from './api.ts'

type Params = NonNullable<BacktestBody['params']>
const isoDay = (d: Date) => d.toISOString().slice(0, 10)
const yearAgo = () => {
  const d = new Date()
  d.setUTCFullYear(d.getUTCFullYear() - 1)
  return isoDay(d)
}

function bodyOf(get: (name: string) => string): BacktestBody {
  const strategy = get('strategy') === 'replay' ? 'replay' : 'sma_cross'
  const params: Params = {
    symbols: symbolList(get('symbols')),
    exclude_symbols: symbolList(get('exclude_symbols')),
    sizing: get('sizing') as Params['sizing'],
    amount: numberOrUndefined(get('amount')),
    percent: numberOrUndefined(get('percent')),
    min_holding_days: numberOrUndefined(get('min_holding_days')),
    max_holding_days: numberOrUndefined(get('max_holding_days')),
    risk_free_rate: numberOrUndefined(get('risk_free_rate')),
    ...(strategy === 'sma_cross'
      ? {
          fast_period: numberOrUndefined(get('fast_period')),
          slow_period: numberOrUndefined(get('slow_period')),
        }
      : {}),
  }
  const defined = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as Params
  return {
    strategy,
    from: get('from'),
    to: get('to'),
    initial_capital: numberOrUndefined(get('initial_capital')) ?? Number.NaN,
    params: defined,
  }
}

export function BacktestForm() {
  const client = useQueryClient()
  const navigate = useNavigate()
  const [strategy, setStrategy] = useState('sma_cross')
  const [sizing, setSizing] = useState('as_traded')
  const run = useMutation({
    mutationFn: runBacktest,
    onSuccess: async (answer) => {
      client.setQueryData(backtestKey(answer.id), answer)
      await client.invalidateQueries({ queryKey: ['intel', 'backtests'] })
      await navigate(`/intel/backtests/${answer.id}`)
    },
  })
  const error = run.error
  return (
    <form aria-label="Run a backtest" onSubmit={(e) => run.mutate(bodyOf(formFields(e)))} noValidate>
      <div className="grid intel-form-grid">
        <SelectField
          label="Strategy"
          name="strategy"
          error={error}
          value={strategy}
          onChange={(e) => setStrategy(e.target.value)}
        >
          <option value="sma_cross">SMA cross (fast/slow moving averages)</option>
          <option value="replay">Replay my closed trades</option>
        </SelectField>
        <Field
          label="Symbols"
          name="symbols"
          error={error}
          defaultValue="AAPL"
          hint={strategy === 'sma_cross' ? '1–20, comma separated' : 'Only these (blank: all)'}
        />
        <Field label="From" name="from" type="date" error={error} defaultValue={yearAgo()} />
        <Field label="To" name="to" type="date" error={error} defaultValue={isoDay(new Date())} />
        <Field
          label="Initial capital (USD)"
          name="initial_capital"
          type="number"
          step="any"
          error={error}
          defaultValue="10000"
        />
        {strategy === 'sma_cross' && (
          <>
            <Field label="Fast SMA (days)" name="fast_period" type="number" error={error} placeholder="20" />
            <Field label="Slow SMA (days)" name="slow_period" type="number" error={error} placeholder="50" />
          </>
        )}
        {strategy === 'replay' && <Field label="Exclude symbols" name="exclude_symbols" error={error} />}
        <SelectField
          label="Sizing"
          name="sizing"
          error={error}
          value={sizing}
          onChange={(e) => setSizing(e.target.value)}
        >
          <option value="as_traded">{strategy === 'sma_cross' ? 'One share a trade' : 'As traded'}</option>
          <option value="fixed_amount">Fixed amount a trade</option>
          <option value="percent_of_equity">Percent of equity a trade</option>
        </SelectField>
        {sizing === 'fixed_amount' && (
          <Field label="Amount a trade (USD)" name="amount" type="number" step="any" error={error} />
        )}
        {sizing === 'percent_of_equity' && (
          <Field
            label="Percent of equity"
            name="percent"
            type="number"
            step="any"
            error={error}
            hint="0–100"
          />
        )}
        <Field label="Min holding days" name="min_holding_days" type="number" error={error} />
        <Field label="Max holding days" name="max_holding_days" type="number" error={error} />
        <Field
          label="Risk-free rate"
          name="risk_free_rate"
          type="number"
          step="any"
          error={error}
          hint="Annual fraction, 0.04 = 4 %; default 0"
        />
      </div>
      <ProblemAlert error={run.error} />
      <div>
        <button type="submit" disabled={run.isPending}>
          {run.isPending ? 'Running…' : 'Run backtest'}
        </button>
      </div>
    </form>
  )
}
