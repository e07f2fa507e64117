import type { Area } from '../area.ts'

export const area: Area = {
  routes: [
    { path: '/brokers', lazy: async () => ({ Component: (await import('./BrokersPage.tsx')).default }) },
  ],
  nav: [{ to: '/brokers', label: 'Brokers' }],
}
