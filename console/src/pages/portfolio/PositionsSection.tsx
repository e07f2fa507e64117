/**
 * A manual account's holdings (the latest recorded day of each symbol): record one, edit its
 * quantity, cost or day, delete it. Each write refetches every portfolio and analytics figure.
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { api, data, type paths } from '../../api/client.ts'
import { Field } from '../../ui/Field.tsx'
import { Section } from '../../ui/Page.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { formFields } from '../../ui/form.ts'
import { date, money, num } from '../../ui/format.ts'
import { ConfirmButton } from './ConfirmButton.tsx'
import { Pager, useCursor } from './Pager.tsx'
import {
  fetchPositions,
  numberField,
  textField,
  useRefreshAll,
  type Account,
  type Position,
} from './queries.ts'
import { TableWrap } from '../../ui/TableWrap.tsx'

type CreateBody = paths['/api/brokers/manual/positions']['post']['requestBody']['content']['application/json']
type PatchBody =
  paths['/api/brokers/manual/positions/{position_id}']['patch']['requestBody']['content']['application/json']

export function PositionsSection({ account }: { account: Account }) {
  const cursor = useCursor()
  const positions = useQuery({
    queryKey: ['portfolio', 'positions', account.id, cursor.current],
    queryFn: () => fetchPositions(account.id, cursor.current),
    placeholderData: keepPreviousData,
  })
  return (
    <Section title="Holdings">
      <NewPositionForm account={account} />
      <QueryState
        query={positions}
        label="Loading holdings"
        isEmpty={(d) => d.items.length === 0 && !cursor.current}
        empty="No holdings recorded: add one above, or import a CSV of positions."
      >
        {(d) => (
          <>
            <TableWrap label="Holdings of this account">
              <table aria-label={`Holdings of ${account.name}`}>
                <thead>
                  <tr>
                    <th scope="col">Symbol</th>
                    <th scope="col" className="num">
                      Quantity
                    </th>
                    <th scope="col" className="num">
                      Cost basis
                    </th>
                    <th scope="col">As of</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {d.items.map((p) => (
                    <PositionRow key={p.position_id} position={p} currency={account.currency} />
                  ))}
                </tbody>
              </table>
            </TableWrap>
            <Pager cursor={cursor} next={d.next_cursor} loading={positions.isPlaceholderData} />
          </>
        )}
      </QueryState>
    </Section>
  )
}

function NewPositionForm({ account }: { account: Account }) {
  const refresh = useRefreshAll()
  const create = useMutation({
    mutationFn: (body: CreateBody) => data(api.POST('/api/brokers/manual/positions', { body })),
    onSuccess: refresh,
  })
  return (
    <form
      className="inline"
      aria-label="Add a holding"
      onSubmit={(e) => {
        const f = formFields(e)
        const form = e.currentTarget
        const body: CreateBody = {
          account_id: account.id,
          symbol: f('symbol').trim().toUpperCase(),
          quantity: numberField(f('quantity')) as number,
          cost_basis: numberField(f('cost_basis')) as number,
          as_of: textField(f('as_of')),
          ...(f('allow_unlisted') ? { allow_unlisted: true } : {}),
        }
        create.mutate(body, { onSuccess: () => form.reset() })
      }}
    >
      <Field label="Symbol" name="symbol" error={create.error} required size={8} autoComplete="off" />
      <Field
        label="Quantity"
        name="quantity"
        error={create.error}
        inputMode="decimal"
        size={10}
        hint="negative: short"
      />
      <Field label="Total cost" name="cost_basis" error={create.error} inputMode="decimal" size={12} />
      <Field label="As of" name="as_of" type="date" error={create.error} hint="today when blank" />
      <label className="check">
        <input type="checkbox" name="allow_unlisted" value="1" /> Unlisted symbol
      </label>
      <ProblemAlert error={create.error} />
      <button type="submit" disabled={create.isPending}>
        Add holding
      </button>
    </form>
  )
}

function PositionRow({ position: p, currency }: { position: Position; currency: string }) {
  const [editing, setEditing] = useState(false)
  const refresh = useRefreshAll()
  const path = { params: { path: { position_id: p.position_id } } }
  const save = useMutation({
    mutationFn: (body: PatchBody) =>
      data(api.PATCH('/api/brokers/manual/positions/{position_id}', { ...path, body })),
    onSuccess: async () => {
      await refresh()
      setEditing(false)
    },
  })
  const remove = useMutation({
    mutationFn: () => data(api.DELETE('/api/brokers/manual/positions/{position_id}', path)),
    onSuccess: refresh,
  })
  if (editing)
    return (
      <tr>
        <td colSpan={5}>
          <form
            className="inline"
            aria-label={`Edit ${p.symbol}`}
            onSubmit={(e) => {
              const f = formFields(e)
              save.mutate({
                quantity: numberField(f('quantity')),
                cost_basis: numberField(f('cost_basis')),
                as_of: textField(f('as_of')),
              })
            }}
          >
            <strong>{p.symbol}</strong>
            <Field
              label="Quantity"
              name="quantity"
              defaultValue={String(p.quantity)}
              error={save.error}
              size={10}
            />
            <Field
              label="Total cost"
              name="cost_basis"
              defaultValue={String(p.cost_basis)}
              error={save.error}
              size={12}
            />
            <Field label="As of" name="as_of" type="date" defaultValue={p.as_of} error={save.error} />
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
    <tr data-position={p.position_id}>
      <th scope="row">{p.symbol}</th>
      <td className="num">{num(p.quantity, 8)}</td>
      <td className="num">{money(p.cost_basis, currency)}</td>
      <td>{date(p.as_of)}</td>
      <td>
        <span className="row-actions">
          <button type="button" className="secondary" onClick={() => setEditing(true)}>
            Edit
          </button>
          <ConfirmButton
            label="Delete"
            question={`Delete the ${p.symbol} holding?`}
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
