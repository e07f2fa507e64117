import { useEffect, useState } from 'react'

/**
 * The theme now applied (<html data-theme>), re-read when the user switches it: a chart keyed on it is
 * drawn again with the new theme's colours (a canvas does not follow CSS variables by itself).
 */
export function useThemeKey(): string {
  const read = () => document.documentElement.dataset['theme'] ?? 'light'
  const [theme, setTheme] = useState(read)
  useEffect(() => {
    const update = () => setTheme(read())
    window.addEventListener('sextant-theme', update)
    return () => window.removeEventListener('sextant-theme', update)
  }, [])
  return theme
}
