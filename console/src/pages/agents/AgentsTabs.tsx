import { NavLink } from 'react-router'

/** The agents area's own navigation: the agents, the approval queue, the threshold. */
export function AgentsTabs() {
  return (
    <nav className="tabs" aria-label="Agents">
      <NavLink to="/agents" end>
        Agents
      </NavLink>
      <NavLink to="/agents/approvals">Approvals</NavLink>
      <NavLink to="/agents/threshold">Threshold</NavLink>
    </nav>
  )
}
