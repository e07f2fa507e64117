import type { Area } from '../area.ts'

/** Symbol search (/symbols) and one symbol's page (/symbols/:symbol): chart, analysis and news. */
export const area: Area = {
  routes: [
    { path: '/symbols', lazy: async () => ({ Component: (await import('./SearchPage.tsx')).default }) },
    {
      path: '/symbols/:symbol',
      lazy: async () => ({ Component: (await import('./SymbolPage.tsx')).default }),
    },
  ],
  nav: [{ to: '/symbols', label: 'Symbols' }],
}
