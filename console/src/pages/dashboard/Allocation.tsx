/**
 * Where the money is: by account and by sector (GET /api/analytics/allocation, holdings plus cash), by
 * symbol (GET /api/holdings, a symbol held in several accounts summed, cash as its own row), and each
 * investor's share by unit accounting (GET /api/analytics/investor-allocation).
 */
import { useQuery } from '@tanstack/react-query'
import { QueryState } from '../../ui/QueryState.tsx'
import { date, money, num, pctPoints, signedMoney, trend } from '../../ui/format.ts'
import { BarList, type BarRow } from './BarList.tsx'
import { fetchAllocation, fetchHoldings, fetchInvestors, type Holdings } from './queries.ts'
import { TableWrap } from '../../ui/TableWrap.tsx'

/** Holdings summed per symbol (values in cents, weights in 1/10 000 of a percent), cash last. */
export function bySymbol(h: Holdings): BarRow[] {
  const groups = new Map<string, { cents: number; weight: number }>()
  let weighted = 0
  for (const row of h.items) {
    if (row.market_value_base === null || row.weight === null) continue
    const g = groups.get(row.symbol) ?? { cents: 0, weight: 0 }
    g.cents += Math.round(row.market_value_base * 100)
    g.weight += Math.round(row.weight * 10_000)
    weighted += Math.round(row.weight * 10_000)
    groups.set(row.symbol, g)
  }
  const rows: BarRow[] = [...groups]
    .map(([symbol, g]) => ({ key: symbol, label: symbol, value: g.cents / 100, weight: g.weight / 10_000 }))
    .sort((a, b) => b.value - a.value || a.key.localeCompare(b.key))
  const allListed = h.items.length >= (h.total ?? h.items.length)
  if (h.cash_value !== 0 && allListed)
    rows.push({ key: ' cash', label: 'Cash', value: h.cash_value, weight: (1_000_000 - weighted) / 10_000 })
  return rows
}

/** The allocation by account or by sector (the widget's card gives the title). */
export function ByDimension({ by, title }: { by: 'account' | 'sector'; title: string }) {
  const query = useQuery({ queryKey: ['dashboard', 'allocation', by], queryFn: () => fetchAllocation(by) })
  return (
    <QueryState query={query} isEmpty={(a) => a.items.length === 0} empty="Nothing held yet.">
      {(a) => <BarList rows={a.items} currency={a.base_currency} label={title} />}
    </QueryState>
  )
}

export function BySymbol() {
  const query = useQuery({ queryKey: ['dashboard', 'holdings'], queryFn: fetchHoldings })
  return (
    <QueryState query={query} isEmpty={(h) => h.items.length === 0} empty="No holdings yet.">
      {(h) => (
        <>
          <BarList rows={bySymbol(h)} currency={h.base_currency} label="By symbol" />
          {h.total !== undefined && h.items.length < h.total && (
            <p className="muted">
              The {h.items.length} largest of {h.total} holdings.
            </p>
          )}
        </>
      )}
    </QueryState>
  )
}

export function Investors() {
  const query = useQuery({ queryKey: ['dashboard', 'investors'], queryFn: fetchInvestors })
  return (
    <QueryState
      query={query}
      isEmpty={(a) => a.items.length === 0}
      empty="No capital flows yet: record investors’ contributions to see each one’s share."
    >
      {(a) => (
        <TableWrap label="Investors">
          <table>
            <caption className="muted">
              NAV {money(a.nav, a.currency)} on {date(a.as_of)}
              {a.nav_per_unit !== null && `, ${num(a.nav_per_unit, 6)} a unit`}
            </caption>
            <thead>
              <tr>
                <th scope="col">Investor</th>
                <th scope="col" className="num">
                  Units
                </th>
                <th scope="col" className="num">
                  Share
                </th>
                <th scope="col" className="num">
                  Value
                </th>
                <th scope="col" className="num">
                  Net contributed
                </th>
                <th scope="col" className="num">
                  Gain
                </th>
              </tr>
            </thead>
            <tbody>
              {a.items.map((i) => (
                <tr key={i.investor_id}>
                  <th scope="row">{i.name}</th>
                  <td className="num">{num(i.units, 6)}</td>
                  <td className="num">{pctPoints(i.share_pct)}</td>
                  <td className="num">{money(i.value, a.currency)}</td>
                  <td className="num">{money(i.net_contributed, a.currency)}</td>
                  <td className={`num ${trend(i.gain)}`}>{signedMoney(i.gain, a.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </QueryState>
  )
}
