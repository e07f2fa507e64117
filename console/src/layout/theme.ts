/**
 * Light or dark: the system's choice until the user picks one; the pick is kept in localStorage and
 * applied as <html data-theme>, which the stylesheet's colour tokens follow.
 */
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
