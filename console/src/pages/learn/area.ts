import type { Area } from '../area.ts'

export const area: Area = {
  routes: [
    { path: '/learn', lazy: async () => ({ Component: (await import('./LearnPage.tsx')).default }) },
    {
      path: '/learn/:conceptId',
      lazy: async () => ({ Component: (await import('./ConceptPage.tsx')).default }),
    },
  ],
  nav: [{ to: '/learn', label: 'Learn' }],
}
