/**
 * The dashboard (/): headline figures, the value and drawdown charts over a chosen range, allocation
 * and investors, and the live intel feed. A user with no account yet is shown how to add one.
 */
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { Page, Section } from '../../ui/Page.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { Allocation } from './Allocation.tsx'
import { DrawdownChart } from './DrawdownChart.tsx'
import { Headline } from './Headline.tsx'
import { IntelFeed } from './IntelFeed.tsx'
import { fetchAccounts, fetchBaseCurrency } from './queries.ts'
import { RangeButtons } from './RangeButtons.tsx'
import { nyToday, type RangeKey } from './ranges.ts'
import { ValueChart } from './ValueChart.tsx'

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

function Portfolio() {
  const [range, setRange] = useState<RangeKey>('1Y')
  const [today] = useState(nyToday)
  return (
    <>
      <Headline today={today} />
      <div className="grid">
        <Section title="Value and P&L" actions={<RangeButtons value={range} onChange={setRange} />}>
          <ValueChart range={range} today={today} />
        </Section>
        <Section title="Drawdown">
          <DrawdownChart range={range} today={today} />
        </Section>
      </div>
      <Allocation />
    </>
  )
}

export default function DashboardPage() {
  const accounts = useQuery({ queryKey: ['dashboard', 'accounts'], queryFn: fetchAccounts })
  return (
    <Page title="Dashboard" actions={<BaseCurrencyNote />}>
      <QueryState query={accounts} label="Loading your accounts">
        {(a) => (a.items.length === 0 ? <NoAccounts /> : <Portfolio />)}
      </QueryState>
      <IntelFeed />
    </Page>
  )
}
