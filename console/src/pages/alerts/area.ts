import type { Area } from '../area.ts'

export const area: Area = {
  routes: [
    { path: '/alerts', lazy: async () => ({ Component: (await import('./AlertsPage.tsx')).default }) },
  ],
  nav: [{ to: '/alerts', label: 'Alerts' }],
}
