/**
 * A manual account's closed trades (realized gains and losses), newest sale first: record one,
 * correct it, delete it. gain_loss is the API's: proceeds − cost − fees unless entered.
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { api, data, type paths } from '../../api/client.ts'
import { Field } from '../../ui/Field.tsx'
import { Section } from '../../ui/Page.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { formFields } from '../../ui/form.ts'
import { money, num, trend } from '../../ui/format.ts'
import { ConfirmButton } from './ConfirmButton.tsx'
import { Pager, useCursor } from './Pager.tsx'
import { fetchTrades, numberField, textField, useRefreshAll, type Account, type Trade } from './queries.ts'
import { TableWrap } from '../../ui/TableWrap.tsx'

type CreateBody =
  paths['/api/brokers/manual/transactions']['post']['requestBody']['content']['application/json']
type PatchBody =
  paths['/api/brokers/manual/transactions/{transaction_id}']['patch']['requestBody']['content']['application/json']

/** The fields of a trade, blank or with a trade's values. */
function TradeFields({ trade, error }: { trade?: Trade; error: unknown }) {
  const v = (x: number | string | undefined) => (x === undefined ? undefined : String(x))
  return (
    <>
      <Field
        label="Symbol"
        name="symbol"
        defaultValue={trade?.symbol}
        error={error}
        size={8}
        autoComplete="off"
      />
      <Field
        label="Quantity"
        name="quantity"
        defaultValue={v(trade?.quantity)}
        error={error}
        inputMode="decimal"
        size={10}
      />
      <Field
        label="Acquired"
        name="date_acquired"
        defaultValue={trade?.date_acquired}
        error={error}
        placeholder="YYYY-MM-DD or VARIOUS"
        size={12}
      />
      <Field
        label="Sold"
        name="date_sold"
        defaultValue={trade?.date_sold}
        error={error}
        placeholder="YYYY-MM-DD"
        size={12}
      />
      <Field
        label="Proceeds"
        name="proceeds"
        defaultValue={v(trade?.proceeds)}
        error={error}
        inputMode="decimal"
        size={10}
      />
      <Field
        label="Cost basis"
        name="cost_basis"
        defaultValue={v(trade?.cost_basis)}
        error={error}
        inputMode="decimal"
        size={10}
      />
      <Field
        label="Fees"
        name="fees"
        defaultValue={v(trade?.fees)}
        error={error}
        inputMode="decimal"
        size={8}
      />
      <Field
        label="Gain/loss"
        name="gain_loss"
        error={error}
        inputMode="decimal"
        size={10}
        hint="computed when blank"
      />
    </>
  )
}

function readTrade(f: (name: string) => string) {
  return {
    symbol: textField(f('symbol').toUpperCase()),
    quantity: numberField(f('quantity')),
    date_acquired: textField(f('date_acquired')),
    date_sold: textField(f('date_sold')),
    proceeds: numberField(f('proceeds')),
    cost_basis: numberField(f('cost_basis')),
    fees: numberField(f('fees')),
    gain_loss: numberField(f('gain_loss')),
  }
}

/** Only what the form changed, so an untouched gain/loss the broker reported is kept. */
function changedFields(form: ReturnType<typeof readTrade>, t: Trade): PatchBody {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(form))
    if (v !== undefined && v !== t[k as keyof typeof form]) out[k] = v
  return out
}

export function TradesSection({ account }: { account: Account }) {
  const cursor = useCursor()
  const trades = useQuery({
    queryKey: ['portfolio', 'transactions', account.id, cursor.current],
    queryFn: () => fetchTrades(account.id, cursor.current),
    placeholderData: keepPreviousData,
  })
  return (
    <Section title="Closed trades">
      <NewTradeForm account={account} />
      <QueryState
        query={trades}
        label="Loading closed trades"
        isEmpty={(d) => d.items.length === 0 && !cursor.current}
        empty="No closed trades: record one above, or import your broker's realized gains CSV."
      >
        {(d) => (
          <>
            <TableWrap label="Closed trades of this account">
              <table aria-label={`Closed trades of ${account.name}`}>
                <thead>
                  <tr>
                    <th scope="col">Symbol</th>
                    <th scope="col" className="num">
                      Quantity
                    </th>
                    <th scope="col">Acquired</th>
                    <th scope="col">Sold</th>
                    <th scope="col" className="num">
                      Proceeds
                    </th>
                    <th scope="col" className="num">
                      Cost basis
                    </th>
                    <th scope="col" className="num">
                      Fees
                    </th>
                    <th scope="col" className="num">
                      Gain/loss
                    </th>
                    <th scope="col">Term</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {d.items.map((t) => (
                    <TradeRow key={t.transaction_id} trade={t} currency={account.currency} />
                  ))}
                </tbody>
              </table>
            </TableWrap>
            <Pager cursor={cursor} next={d.next_cursor} loading={trades.isPlaceholderData} />
          </>
        )}
      </QueryState>
    </Section>
  )
}

function NewTradeForm({ account }: { account: Account }) {
  const refresh = useRefreshAll()
  const create = useMutation({
    mutationFn: (body: CreateBody) => data(api.POST('/api/brokers/manual/transactions', { body })),
    onSuccess: refresh,
  })
  return (
    <form
      className="inline"
      aria-label="Record a closed trade"
      onSubmit={(e) => {
        const f = formFields(e)
        const form = e.currentTarget
        // Required fields left blank go out missing, so the API names them.
        const body = { account_id: account.id, ...readTrade(f) } as CreateBody
        if (f('allow_unlisted')) body.allow_unlisted = true
        create.mutate(body, { onSuccess: () => form.reset() })
      }}
    >
      <TradeFields error={create.error} />
      <label className="check">
        <input type="checkbox" name="allow_unlisted" value="1" /> Unlisted symbol
      </label>
      <ProblemAlert error={create.error} />
      <button type="submit" disabled={create.isPending}>
        Record trade
      </button>
    </form>
  )
}

function TradeRow({ trade: t, currency }: { trade: Trade; currency: string }) {
  const [editing, setEditing] = useState(false)
  const refresh = useRefreshAll()
  const path = { params: { path: { transaction_id: t.transaction_id } } }
  const save = useMutation({
    mutationFn: (body: PatchBody) =>
      data(api.PATCH('/api/brokers/manual/transactions/{transaction_id}', { ...path, body })),
    onSuccess: async () => {
      await refresh()
      setEditing(false)
    },
  })
  const remove = useMutation({
    mutationFn: () => data(api.DELETE('/api/brokers/manual/transactions/{transaction_id}', path)),
    onSuccess: refresh,
  })
  if (editing)
    return (
      <tr>
        <td colSpan={10}>
          <form
            className="inline"
            aria-label={`Edit the ${t.symbol} trade`}
            onSubmit={(e) => {
              const body = changedFields(readTrade(formFields(e)), t)
              if (Object.keys(body).length === 0) setEditing(false)
              else save.mutate(body)
            }}
          >
            <TradeFields trade={t} error={save.error} />
            <ProblemAlert error={save.error} />
            <button type="submit" disabled={save.isPending}>
              Save
            </button>
            <button type="button" className="secondary" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </form>
        </td>
      </tr>
    )
  return (
    <tr data-trade={t.transaction_id}>
      <th scope="row">{t.symbol}</th>
      <td className="num">{num(t.quantity, 8)}</td>
      <td>{t.date_acquired}</td>
      <td>{t.date_sold}</td>
      <td className="num">{money(t.proceeds, currency)}</td>
      <td className="num">{money(t.cost_basis, currency)}</td>
      <td className="num">{money(t.fees, currency)}</td>
      <td className={`num ${trend(t.gain_loss)}`}>
        {money(t.gain_loss, currency, { signDisplay: 'exceptZero' })}
      </td>
      <td>{t.term}</td>
      <td>
        <span className="row-actions">
          <button type="button" className="secondary" onClick={() => setEditing(true)}>
            Edit
          </button>
          <ConfirmButton
            label="Delete"
            question={`Delete the ${t.symbol} trade sold ${t.date_sold}?`}
            confirmLabel="Yes, delete"
            busy={remove.isPending}
            onConfirm={() => remove.mutate()}
          />
        </span>
        <ProblemAlert error={remove.error} />
      </td>
    </tr>
  )
}
