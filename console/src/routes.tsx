/**
 * The console's routes, below /app. Login and the account pages are public; everything else sits in
 * the signed-in shell. Each area (pages/<area>/area.ts) brings its own lazy routes and nav entries.
 */
import type { RouteObject } from 'react-router'
import { RequireSession } from './auth/session.tsx'
import { Shell } from './layout/Shell.tsx'
import { NotFound } from './layout/NotFound.tsx'
import type { Area } from './pages/area.ts'
import { area as dashboard } from './pages/dashboard/area.ts'
import { area as portfolio } from './pages/portfolio/area.ts'
import { area as brokers } from './pages/brokers/area.ts'
import { area as symbol } from './pages/symbol/area.ts'
import { area as intel } from './pages/intel/area.ts'
import { area as screener } from './pages/screener/area.ts'
import { area as learn } from './pages/learn/area.ts'
import { area as settings } from './pages/settings/area.ts'
import { area as watchlists } from './pages/watchlists/area.ts'
import { area as alerts } from './pages/alerts/area.ts'
import { area as inbox } from './pages/inbox/area.ts'
import { area as support } from './pages/support/area.ts'
import { area as agents } from './pages/agents/area.ts'

export const AREAS: Area[] = [
  dashboard,
  portfolio,
  brokers,
  symbol,
  watchlists,
  intel,
  screener,
  alerts,
  agents,
  inbox,
  learn,
  support,
  settings,
]

export const routes: RouteObject[] = [
  { path: '/login', lazy: async () => ({ Component: (await import('./auth/LoginPage.tsx')).default }) },
  { path: '/register', lazy: async () => ({ Component: (await import('./auth/RegisterPage.tsx')).default }) },
  {
    path: '/forgot-password',
    lazy: async () => ({ Component: (await import('./auth/ForgotPasswordPage.tsx')).default }),
  },
  {
    element: (
      <RequireSession>
        <Shell nav={AREAS.flatMap((a) => a.nav)} />
      </RequireSession>
    ),
    children: [...AREAS.flatMap((a) => a.routes), { path: '*', element: <NotFound /> }],
  },
]
