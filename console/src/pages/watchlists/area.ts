import type { Area } from '../area.ts'

export const area: Area = {
  routes: [
    {
      path: '/watchlists',
      lazy: async () => ({ Component: (await import('./WatchlistsPage.tsx')).default }),
    },
    {
      path: '/watchlists/:listName',
      lazy: async () => ({ Component: (await import('./ListPage.tsx')).default }),
    },
  ],
  nav: [{ to: '/watchlists', label: 'Watchlists' }],
}
