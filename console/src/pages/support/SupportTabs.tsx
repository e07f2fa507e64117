import { NavLink } from 'react-router'

/** The support area's own navigation: the assistant, the help articles, the caller's cases, their moderation record. */
export function SupportTabs() {
  return (
    <nav className="tabs" aria-label="Support">
      <NavLink to="/support" end>
        Assistant
      </NavLink>
      <NavLink to="/support/help">Help</NavLink>
      <NavLink to="/support/cases">Cases</NavLink>
      <NavLink to="/support/moderation">Moderation</NavLink>
    </nav>
  )
}
