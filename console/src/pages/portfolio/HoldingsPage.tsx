/**
 * Holdings: what is held now in every account (or one), at today's prices: market value, day
 * change, unrealized P&L and weight, with the totals in the base currency and the exports.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { Page, Section } from '../../ui/Page.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { SelectField } from '../../ui/Field.tsx'
import { Stat } from '../../ui/Stat.tsx'
import { date, money } from '../../ui/format.ts'
import { AccountSelect } from './AccountSelect.tsx'
import { HoldingsTable } from './HoldingsTable.tsx'
import { Pager, useCursor } from './Pager.tsx'
import { PortfolioLinks } from './PortfolioLinks.tsx'
import { fetchHoldings, type Holdings, type HoldingsQuery } from './queries.ts'

type Sort = NonNullable<HoldingsQuery['sort']>
const SORTS: { value: Sort; label: string }[] = [
  { value: 'value', label: 'Market value' },
  { value: 'weight', label: 'Weight' },
  { value: 'unrealized_pl', label: 'Unrealized P&L' },
  { value: 'day_change', label: 'Day change' },
  { value: 'symbol', label: 'Symbol' },
  { value: 'account', label: 'Account' },
]
const isSort = (s: string | null): s is Sort => SORTS.some((x) => x.value === s)

export default function HoldingsPage() {
  const [params, setParams] = useSearchParams()
  const accountParam = Number(params.get('account'))
  const accountId = Number.isInteger(accountParam) && accountParam > 0 ? accountParam : undefined
  const sortParam = params.get('sort')
  const sort: Sort = isSort(sortParam) ? sortParam : 'value'
  const cursor = useCursor()
  const query: HoldingsQuery = {
    sort,
    page_size: 100,
    ...(accountId ? { account_id: accountId } : {}),
    ...(cursor.current ? { cursor: cursor.current } : {}),
  }
  const holdings = useQuery({
    queryKey: ['portfolio', 'holdings', query],
    queryFn: () => fetchHoldings(query),
    placeholderData: keepPreviousData,
  })
  const set = (key: string, value: string | undefined) => {
    const next = new URLSearchParams(params)
    if (value === undefined) next.delete(key)
    else next.set(key, value)
    cursor.reset()
    setParams(next, { replace: true })
  }
  const exportQuery = accountId ? `?account_id=${accountId}` : ''
  return (
    <Page title="Holdings" actions={<PortfolioLinks />}>
      <div className="filters">
        <AccountSelect
          value={accountId}
          onChange={(id) => set('account', id === undefined ? undefined : String(id))}
        />
        <SelectField label="Sort by" name="sort" value={sort} onChange={(e) => set('sort', e.target.value)}>
          {SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </SelectField>
        <p className="exports">
          Export:{' '}
          <a href={`/api/export/holdings.csv${exportQuery}`} download>
            CSV
          </a>{' '}
          ·{' '}
          <a href={`/api/export/holdings.json${exportQuery}`} download>
            JSON
          </a>{' '}
          · Realized gains this year:{' '}
          <a href={`/api/export/realized-gains.csv${exportQuery}`} download>
            CSV
          </a>{' '}
          ·{' '}
          <a href={`/api/export/realized-gains.json${exportQuery}`} download>
            JSON
          </a>
        </p>
      </div>
      <QueryState query={holdings} label="Loading holdings">
        {(d) => (
          <>
            <Totals d={d} />
            <Section title={`Holdings on ${date(d.as_of)}`}>
              {d.items.length === 0 ? (
                <div className="empty">
                  Nothing held{accountId ? ' in this account' : ''}: add a holding on an account’s page,
                  import a CSV, or connect a broker.
                </div>
              ) : (
                <>
                  <HoldingsTable items={d.items} />
                  <Pager cursor={cursor} next={d.next_cursor} loading={holdings.isPlaceholderData} />
                </>
              )}
            </Section>
          </>
        )}
      </QueryState>
    </Page>
  )
}

function Totals({ d }: { d: Holdings }) {
  return (
    <>
      <div className="stats">
        <Stat label="Holdings value" value={money(d.holdings_value, d.base_currency)} />
        <Stat label="Cash" value={money(d.cash_value, d.base_currency)} />
        <Stat
          label="Total value"
          value={money(d.total_value, d.base_currency)}
          sub={`in ${d.base_currency}`}
        />
      </div>
      {d.degraded && (
        <p className="notice" role="status">
          {d.missing_rates.length > 0 &&
            `No exchange rate today for ${d.missing_rates.join(', ')}: those amounts are left out of the totals and have no weight. `}
          {d.stale_prices.length > 0 &&
            `No quote today for ${d.stale_prices.join(', ')}: priced at their latest snapshot.`}
        </p>
      )}
    </>
  )
}
