/**
 * A diverging colour scale for values in [−1, 1], built from the theme's tokens: −1 is --chart-2,
 * 0 the card's --surface, +1 --chart-1, mixed linearly in sRGB. Each cell's text is black or white,
 * whichever contrasts more with its background (WCAG relative luminance), so the figure stays
 * readable at every shade and in both themes.
 */
import { useMemo } from 'react'
import { useTheme, type Theme } from '../../../layout/theme.ts'

type Rgb = [number, number, number]

function parse(color: string): Rgb {
  const hex = color.trim().replace('#', '')
  if (/^[0-9a-f]{6}$/i.test(hex)) return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb
  if (/^[0-9a-f]{3}$/i.test(hex)) return [0, 1, 2].map((i) => parseInt(hex[i]! + hex[i]!, 16)) as Rgb
  const m = /rgba?\(([^)]+)\)/.exec(color)
  const parts = m?.[1]?.split(/[ ,/]+/).map(Number) ?? []
  return [parts[0] ?? 128, parts[1] ?? 128, parts[2] ?? 128]
}

const channel = (c: number) => {
  const s = c / 255
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
}
export const luminance = ([r, g, b]: Rgb) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)

export interface Scale {
  negative: Rgb
  zero: Rgb
  positive: Rgb
}

/** Background and text colour for `v` (clamped to [−1, 1]). */
export function cellColors(scale: Scale, v: number): { background: string; color: string } {
  const t = Math.min(Math.abs(v), 1)
  const end = v < 0 ? scale.negative : scale.positive
  const rgb = scale.zero.map((z, i) => Math.round(z + (end[i]! - z) * t)) as Rgb
  const l = luminance(rgb)
  const color = contrast(l, 0) >= contrast(l, 1) ? '#000000' : '#ffffff'
  return { background: `rgb(${rgb.join(', ')})`, color }
}

/** The theme's colours; `_theme` only keys the memo (the colours are read from the applied CSS). */
function readScale(_theme: Theme): Scale {
  const css = getComputedStyle(document.documentElement)
  const token = (name: string, fallback: string) => parse(css.getPropertyValue(name) || fallback)
  return {
    negative: token('--chart-2', '#c2410c'),
    zero: token('--surface', '#ffffff'),
    positive: token('--chart-1', '#1d4ed8'),
  }
}

/** The scale of the current theme, read again when the theme changes. */
export function useDivergingScale(): Scale {
  const theme = useTheme()
  return useMemo(() => readScale(theme), [theme])
}
