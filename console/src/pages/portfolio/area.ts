import type { Area } from '../area.ts'

/** Accounts, each account's manual holdings and closed trades, the holdings list, the ledger, CSV import. */
export const area: Area = {
  routes: [
    { path: '/accounts', lazy: async () => ({ Component: (await import('./AccountsPage.tsx')).default }) },
    {
      path: '/accounts/:accountId',
      lazy: async () => ({ Component: (await import('./AccountPage.tsx')).default }),
    },
    { path: '/holdings', lazy: async () => ({ Component: (await import('./HoldingsPage.tsx')).default }) },
    {
      path: '/activities',
      lazy: async () => ({ Component: (await import('./ActivitiesPage.tsx')).default }),
    },
    { path: '/import', lazy: async () => ({ Component: (await import('./ImportPage.tsx')).default }) },
  ],
  nav: [
    { to: '/accounts', label: 'Accounts' },
    { to: '/holdings', label: 'Holdings' },
  ],
}
