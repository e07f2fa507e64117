/**
 * The activity ledger: every account's buys, sells, dividends, cash movements and splits, newest
 * first, filtered by account, type, symbol and dates; record one by hand, delete a manual or
 * imported one (a broker's are re-read at each sync and cannot be deleted).
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { api, data } from '../../api/client.ts'
import { Field, SelectField } from '../../ui/Field.tsx'
import { Page, Section } from '../../ui/Page.tsx'
import { ProblemAlert } from '../../ui/ProblemAlert.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { formFields } from '../../ui/form.ts'
import { date, money, num, signedMoney, trend, price } from '../../ui/format.ts'
import { AccountSelect } from './AccountSelect.tsx'
import { ACTIVITY_TYPES, ActivityForm } from './ActivityForm.tsx'
import { ConfirmButton } from './ConfirmButton.tsx'
import { Pager, useCursor } from './Pager.tsx'
import { PortfolioLinks } from './PortfolioLinks.tsx'
import { fetchActivities, textField, useRefreshAll, type ActivitiesQuery, type Activity } from './queries.ts'
import { TableWrap } from '../../ui/TableWrap.tsx'

export default function ActivitiesPage() {
  const [params] = useSearchParams()
  const initial = Number(params.get('account'))
  const [accountId, setAccountId] = useState<number | undefined>(initial > 0 ? initial : undefined)
  const [filters, setFilters] = useState<{ type?: string; symbol?: string; from?: string; to?: string }>({})
  const cursor = useCursor()
  const query: ActivitiesQuery = {
    page_size: 50,
    ...(accountId ? { account_id: accountId } : {}),
    ...filters,
    ...(cursor.current ? { cursor: cursor.current } : {}),
  }
  const activities = useQuery({
    queryKey: ['portfolio', 'activities', query],
    queryFn: () => fetchActivities(query),
    placeholderData: keepPreviousData,
  })
  const filterError = activities.error
  return (
    <Page title="Activities" actions={<PortfolioLinks />}>
      <Section title="Record an activity">
        <ActivityForm defaultAccount={accountId} />
      </Section>
      <Section title="Ledger">
        <form
          className="inline"
          aria-label="Filter the ledger"
          onSubmit={(e) => {
            const f = formFields(e)
            const get = (k: string) => textField(f(k))
            cursor.reset()
            setFilters({
              type: get('type'),
              symbol: get('symbol')?.toUpperCase(),
              from: get('from'),
              to: get('to'),
            })
          }}
        >
          <AccountSelect
            value={accountId}
            onChange={(id) => {
              cursor.reset()
              setAccountId(id)
            }}
          />
          <SelectField label="Type" name="type" defaultValue="" error={filterError}>
            <option value="">Any type</option>
            {ACTIVITY_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </SelectField>
          <Field label="Symbol" name="symbol" size={8} error={filterError} />
          <Field label="From" name="from" type="date" error={filterError} />
          <Field label="To" name="to" type="date" error={filterError} />
          <button type="submit" className="secondary">
            Filter
          </button>
        </form>
        <p className="exports">
          Export:{' '}
          <a href={`/api/export/activities.csv${accountId ? `?account_id=${accountId}` : ''}`} download>
            CSV
          </a>{' '}
          ·{' '}
          <a href={`/api/export/activities.json${accountId ? `?account_id=${accountId}` : ''}`} download>
            JSON
          </a>
        </p>
        <QueryState
          query={activities}
          label="Loading activities"
          isEmpty={(d) => d.items.length === 0 && !cursor.current}
          empty="No activities match: record one above, or widen the filters."
        >
          {(d) => (
            <>
              <ActivityTable items={d.items} />
              <Pager cursor={cursor} next={d.next_cursor} loading={activities.isPlaceholderData} />
            </>
          )}
        </QueryState>
      </Section>
    </Page>
  )
}

function ActivityTable({ items }: { items: Activity[] }) {
  return (
    <TableWrap label="Activities">
      <table aria-label="Activities">
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Type</th>
            <th scope="col">Symbol</th>
            <th scope="col" className="num">
              Quantity
            </th>
            <th scope="col" className="num">
              Price
            </th>
            <th scope="col" className="num">
              Amount
            </th>
            <th scope="col" className="num">
              Fee
            </th>
            <th scope="col" className="num">
              Cash effect
            </th>
            <th scope="col">Source</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {items.map((a) => (
            <ActivityRow key={a.activity_id} activity={a} />
          ))}
        </tbody>
      </table>
    </TableWrap>
  )
}

function ActivityRow({ activity: a }: { activity: Activity }) {
  const refresh = useRefreshAll()
  const remove = useMutation({
    mutationFn: () =>
      data(api.DELETE('/api/activities/{activity_id}', { params: { path: { activity_id: a.activity_id } } })),
    onSuccess: refresh,
  })
  const editable = a.source === 'manual' || a.source === 'csv'
  return (
    <tr data-activity={a.activity_id}>
      <th scope="row">{date(a.date)}</th>
      <td>{a.type}</td>
      <td>{a.symbol ?? '—'}</td>
      <td className="num">{num(a.quantity, 8)}</td>
      <td className="num">{price(a.price, a.currency)}</td>
      <td className="num">{money(a.amount, a.currency, { maximumFractionDigits: 4 })}</td>
      <td className="num">{money(a.fee, a.currency)}</td>
      <td className={`num ${trend(a.cash_effect)}`}>{signedMoney(a.cash_effect, a.currency)}</td>
      <td>{a.source}</td>
      <td>
        {editable ? (
          <ConfirmButton
            label="Delete"
            question={`Delete the ${a.type} of ${date(a.date)}?`}
            confirmLabel="Yes, delete"
            busy={remove.isPending}
            onConfirm={() => remove.mutate()}
          />
        ) : (
          <span className="muted">kept by the broker</span>
        )}
        <ProblemAlert error={remove.error} />
      </td>
    </tr>
  )
}
