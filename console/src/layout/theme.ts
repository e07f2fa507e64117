/**
 * Light or dark: the system's choice until the user picks one; the pick is kept in localStorage and
 * applied as <html data-theme>, which the stylesheet's colour tokens follow.
 */
import { useEffect, useState } from 'react'

export type Theme = 'light' | 'dark'
const KEY = 'sextant.theme'

export function currentTheme(): Theme {
  const stored = localStorage.getItem(KEY)
  if (stored === 'light' || stored === 'dark') return stored
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
}

export function applyTheme(theme: Theme = currentTheme()): void {
  document.documentElement.dataset['theme'] = theme
}

export function setTheme(theme: Theme): void {
  localStorage.setItem(KEY, theme)
  applyTheme(theme)
  window.dispatchEvent(new Event('sextant-theme'))
}

/**
 * The theme now applied, re-read when the user switches it: canvas charts and computed colours
 * depend on it (a canvas does not follow CSS variables by itself).
 */
export function useTheme(): Theme {
  const read = (): Theme => (document.documentElement.dataset['theme'] === 'dark' ? 'dark' : 'light')
  const [theme, setThemeState] = useState(read)
  useEffect(() => {
    const update = () => setThemeState(read())
    window.addEventListener('sextant-theme', update)
    return () => window.removeEventListener('sextant-theme', update)
  }, [])
  return theme
}
