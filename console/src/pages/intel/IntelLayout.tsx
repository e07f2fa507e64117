/** The Intelligence area's frame: one tab per page (links, so each has its own URL), then the page. */
import { NavLink, Outlet } from 'react-router'

const TABS = [
  { to: '/intel', label: 'Backtest', end: true },
  { to: '/intel/correlation', label: 'Correlation' },
  { to: '/intel/signals', label: 'Signals & flow' },
  { to: '/intel/scans', label: 'Scans' },
  { to: '/intel/committee', label: 'Committee' },
  { to: '/intel/research', label: 'Research' },
  { to: '/intel/daily', label: 'Review & plan' },
  { to: '/intel/risk', label: 'Hedges & exits' },
]

export default function IntelLayout() {
  return (
    <>
      <nav aria-label="Intelligence" className="tabs intel-tabs">
        {TABS.map((t) => (
          <NavLink key={t.to} to={t.to} end={t.end}>
            {t.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </>
  )
}
