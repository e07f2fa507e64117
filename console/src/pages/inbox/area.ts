import type { Area } from '../area.ts'

/** The inbox has no entry in the main navigation: the header's unread badge leads to it. */
export const area: Area = {
  routes: [{ path: '/inbox', lazy: async () => ({ Component: (await import('./InboxPage.tsx')).default }) }],
  nav: [],
}
