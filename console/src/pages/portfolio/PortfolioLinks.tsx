import { NavLink } from 'react-router'

/** The area's pages beside one another, for the page header. */
export function PortfolioLinks() {
  return (
    <nav aria-label="Portfolio" className="tabs portfolio-tabs">
      <NavLink to="/accounts" end>
        Accounts
      </NavLink>
      <NavLink to="/holdings">Holdings</NavLink>
      <NavLink to="/activities">Activities</NavLink>
      <NavLink to="/import">Import CSV</NavLink>
    </nav>
  )
}
