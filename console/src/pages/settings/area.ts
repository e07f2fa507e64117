import type { Area } from '../area.ts'

export const area: Area = {
  routes: [
    { path: '/settings', lazy: async () => ({ Component: (await import('./SettingsPage.tsx')).default }) },
    {
      path: '/settings/notifications',
      lazy: async () => ({ Component: (await import('./NotificationsPage.tsx')).default }),
    },
  ],
  nav: [{ to: '/settings', label: 'Settings' }],
}
