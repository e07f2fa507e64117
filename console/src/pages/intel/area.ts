import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import type { Area } from '../area.ts'

/**
 * Trading intelligence under /intel: backtests (the index), the correlation heatmap, signals and
 * options flow, discovery scans, committee and research runs, the daily review and plan, hedges and
 * exits. Each tab is its own lazy chunk inside the tabbed layout.
 */
const page = (path: string | undefined, load: () => Promise<{ default: ComponentType }>): RouteObject => ({
  ...(path === undefined ? { index: true } : { path }),
  lazy: async () => ({ Component: (await load()).default }),
})

export const area: Area = {
  nav: [{ to: '/intel', label: 'Intelligence' }],
  routes: [
    {
      path: '/intel',
      lazy: async () => ({ Component: (await import('./IntelLayout.tsx')).default }),
      children: [
        page(undefined, () => import('./backtest/BacktestPage.tsx')),
        page('backtests/:id', () => import('./backtest/SavedBacktestPage.tsx')),
        page('correlation', () => import('./correlation/CorrelationPage.tsx')),
        page('signals', () => import('./signals/SignalsPage.tsx')),
        page('scans', () => import('./scans/ScansPage.tsx')),
        page('committee', () => import('./runs/CommitteePage.tsx')),
        page('committee/:runId', () => import('./runs/CommitteeRunPage.tsx')),
        page('research', () => import('./runs/ResearchPage.tsx')),
        page('research/:runId', () => import('./runs/ResearchRunPage.tsx')),
        page('daily', () => import('./daily/DailyPage.tsx')),
        page('risk', () => import('./risk/RiskPage.tsx')),
      ],
    },
  ],
}
