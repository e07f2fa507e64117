import type { Area } from '../area.ts'

/**
 * Support: the assistant's chat (/support), the help articles (/support/help and one article), the
 * caller's cases (/support/cases, a new one, one case's thread) and their moderation actions and
 * appeals (/support/moderation).
 */
export const area: Area = {
  routes: [
    { path: '/support', lazy: async () => ({ Component: (await import('./SupportPage.tsx')).default }) },
    { path: '/support/cases', lazy: async () => ({ Component: (await import('./CasesPage.tsx')).default }) },
    {
      path: '/support/cases/new',
      lazy: async () => ({ Component: (await import('./NewCasePage.tsx')).default }),
    },
    {
      path: '/support/cases/:caseId',
      lazy: async () => ({ Component: (await import('./CasePage.tsx')).default }),
    },
    { path: '/support/help', lazy: async () => ({ Component: (await import('./HelpPage.tsx')).default }) },
    {
      path: '/support/help/:slug',
      lazy: async () => ({ Component: (await import('./HelpArticlePage.tsx')).default }),
    },
    {
      path: '/support/moderation',
      lazy: async () => ({ Component: (await import('./ModerationPage.tsx')).default }),
    },
  ],
  nav: [{ to: '/support', label: 'Support' }],
}
