import type { Area } from '../area.ts'

/** The dashboard at / (the console's home): headline figures, charts, allocation, the live feed. */
export const area: Area = {
  routes: [{ index: true, lazy: async () => ({ Component: (await import('./DashboardPage.tsx')).default }) }],
  nav: [{ to: '/', label: 'Dashboard' }],
}
