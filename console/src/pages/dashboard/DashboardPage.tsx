/**
 * The dashboard (/), laid out by GET /api/widgets/visibility: the widgets the API says are visible, in
 * its order, each a card that can be collapsed or reset; "Customize" lists every widget to show, hide
 * or move, and says why one is unavailable. A user with no account yet is shown how to add one (the
 * portfolio widgets have nothing to show until then).
 */
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { Page, Section } from '../../ui/Page.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { ByDimension, BySymbol, Investors } from './Allocation.tsx'
import { Customize } from './Customize.tsx'
import { DrawdownChart } from './DrawdownChart.tsx'
import { Headline } from './Headline.tsx'
import { IntelFeed } from './IntelFeed.tsx'
import { fetchAccounts, fetchBaseCurrency } from './queries.ts'
import { RangeButtons } from './RangeButtons.tsx'
import { nyToday, type RangeKey } from './ranges.ts'
import { ValueChart } from './ValueChart.tsx'
import { WidgetCard } from './WidgetCard.tsx'
import { fetchWidgets, WIDGETS_KEY, type WidgetRow } from './widgets.ts'

function NoAccounts() {
  return (
    <Section title="Get started">
      <p>
        You have no accounts yet. Add a brokerage account — connected, or manual with the positions you enter
        — and this page will show its value, P&amp;L, returns and allocation.
      </p>
      <p>
        <Link to="/accounts">Add an account</Link>
      </p>
    </Section>
  )
}

function BaseCurrencyNote() {
  const base = useQuery({ queryKey: ['dashboard', 'base-currency'], queryFn: fetchBaseCurrency })
  if (!base.data) return null
  return <span className="muted">Amounts in {base.data.base_currency}</span>
}

/** Widgets that show the portfolio: nothing to show before the first account. */
const NEEDS_ACCOUNT = new Set([
  'headline',
  'value_chart',
  'drawdown',
  'allocation_account',
  'allocation_symbol',
  'allocation_sector',
  'investors',
])

interface Shared {
  range: RangeKey
  setRange: (r: RangeKey) => void
  today: string
  /** The value chart is shown (it carries the range buttons; otherwise the drawdown does). */
  valueShown: boolean
}

function Widget({ row, s }: { row: WidgetRow; s: Shared }) {
  const range = <RangeButtons value={s.range} onChange={s.setRange} />
  switch (row.widget_id) {
    case 'headline':
      return <WidgetCard row={row}>{<Headline today={s.today} />}</WidgetCard>
    case 'value_chart':
      return (
        <WidgetCard row={row} actions={range}>
          <ValueChart range={s.range} today={s.today} />
        </WidgetCard>
      )
    case 'drawdown':
      return (
        <WidgetCard row={row} actions={s.valueShown ? undefined : range}>
          <DrawdownChart range={s.range} today={s.today} />
        </WidgetCard>
      )
    case 'allocation_account':
    case 'allocation_sector':
      return (
        <WidgetCard row={row}>
          <ByDimension by={row.widget_id === 'allocation_account' ? 'account' : 'sector'} title={row.title} />
        </WidgetCard>
      )
    case 'allocation_symbol':
      return (
        <WidgetCard row={row}>
          <BySymbol />
        </WidgetCard>
      )
    case 'investors':
      return (
        <WidgetCard row={row}>
          <Investors />
        </WidgetCard>
      )
    case 'intel_feed':
      return <IntelFeed row={row} />
    default:
      return null // a widget this console does not know yet
  }
}

function Layout({ rows, hasAccount }: { rows: WidgetRow[]; hasAccount: boolean }) {
  const [range, setRange] = useState<RangeKey>('1Y')
  const [today] = useState(nyToday)
  const shown = rows.filter((r) => r.visible && (hasAccount || !NEEDS_ACCOUNT.has(r.widget_id)))
  const s: Shared = { range, setRange, today, valueShown: shown.some((r) => r.widget_id === 'value_chart') }
  return (
    <>
      {!hasAccount && <NoAccounts />}
      {shown.length === 0 && hasAccount && (
        <p className="empty">Every widget is hidden: open Customize to show some.</p>
      )}
      <div className="dash-widgets">
        {shown.map((row) => (
          <Widget key={row.widget_id} row={row} s={s} />
        ))}
      </div>
    </>
  )
}

export default function DashboardPage() {
  const [customizing, setCustomizing] = useState(false)
  const accounts = useQuery({ queryKey: ['dashboard', 'accounts'], queryFn: fetchAccounts })
  const widgets = useQuery({ queryKey: WIDGETS_KEY, queryFn: fetchWidgets })
  const actions = (
    <>
      <BaseCurrencyNote />
      <button
        type="button"
        className="secondary"
        aria-expanded={customizing}
        aria-controls="dash-customize"
        onClick={() => setCustomizing((c) => !c)}
      >
        Customize
      </button>
    </>
  )
  return (
    <Page title="Dashboard" actions={actions}>
      <QueryState query={widgets} label="Loading your dashboard">
        {(w) => (
          <>
            {customizing && <Customize rows={w.items} id="dash-customize" />}
            <QueryState query={accounts} label="Loading your accounts">
              {(a) => <Layout rows={w.items} hasAccount={a.items.length > 0} />}
            </QueryState>
          </>
        )}
      </QueryState>
    </Page>
  )
}
