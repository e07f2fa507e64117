/**
 * The signed-in frame: a skip link, the main navigation, the inbox with its unread count, the theme
 * switch and the user's menu, then the page. On a phone the navigation wraps under the brand; nothing scrolls sideways.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { NavLink, Outlet, useNavigate } from 'react-router'
import { logout, useUser } from '../auth/session.tsx'
import { refreshPush } from '../push/browser-push.ts'
import { InboxBadge } from './InboxBadge.tsx'
import { currentTheme, setTheme } from './theme.ts'

export function Shell({ nav }: { nav: { to: string; label: string }[] }) {
  const user = useUser()
  const client = useQueryClient()
  const navigate = useNavigate()
  const [theme, setLocalTheme] = useState(currentTheme)
  // Once per signed-in load: keep this browser's push subscription from being pruned as unused.
  useEffect(() => void refreshPush().catch(() => undefined), [user.id])
  const toggleTheme = () => {
    const next = theme === 'dark' ? 'light' : 'dark'
    setTheme(next)
    setLocalTheme(next)
  }
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <NavLink to="/" className="brand" aria-label="Sextant dashboard">
          Sextant
        </NavLink>
        <nav aria-label="Main">
          <ul>
            {nav.map((n) => (
              <li key={n.to}>
                <NavLink to={n.to} end={n.to === '/'}>
                  {n.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="topbar-end">
          <InboxBadge />
          <button type="button" className="ghost" onClick={toggleTheme} aria-pressed={theme === 'dark'}>
            {theme === 'dark' ? 'Light theme' : 'Dark theme'}
          </button>
          <span className="who" title={user.email}>
            {user.full_name ?? user.email}
          </span>
          <button
            type="button"
            className="ghost"
            onClick={() => void logout(client).then(() => navigate('/login', { replace: true }))}
          >
            Log out
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="footer">
        <a href="/docs">API reference</a> · Charts by{' '}
        <a href="https://www.tradingview.com/" rel="noopener noreferrer">
          TradingView Lightweight Charts
        </a>
      </footer>
    </>
  )
}
