import type { Area } from '../area.ts'

/**
 * The screener under /screener: a screen built from filters (nested all/any groups, field against
 * field), from a preset or from words, run over the metrics snapshot, downloaded as CSV and saved.
 */
export const area: Area = {
  nav: [{ to: '/screener', label: 'Screener' }],
  routes: [
    {
      path: '/screener',
      lazy: async () => ({ Component: (await import('./ScreenerPage.tsx')).default }),
    },
  ],
}
