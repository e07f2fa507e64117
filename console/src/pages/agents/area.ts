import type { Area } from '../area.ts'

/**
 * Agents: the tenant's automated strategies and AI assistants (/agents: list, create, each one's
 * trading state, switch and mode), one agent (/agents/:id: limits, today's usage, the order log, its
 * credential), the orders held for approval (/agents/approvals) and the approval threshold with its
 * preview (/agents/threshold).
 */
export const area: Area = {
  routes: [
    { path: '/agents', lazy: async () => ({ Component: (await import('./AgentsPage.tsx')).default }) },
    {
      path: '/agents/approvals',
      lazy: async () => ({ Component: (await import('./ApprovalsPage.tsx')).default }),
    },
    {
      path: '/agents/threshold',
      lazy: async () => ({ Component: (await import('./ThresholdPage.tsx')).default }),
    },
    {
      path: '/agents/:agentId',
      lazy: async () => ({ Component: (await import('./AgentPage.tsx')).default }),
    },
  ],
  nav: [{ to: '/agents', label: 'Agents' }],
}
