/**
 * Dates in imported files. ISO `YYYY-MM-DD` always; slash dates (`MM/DD/YYYY`, `M/D/YYYY`,
 * `M/D/YY`) read in one order for the whole file, chosen by `date_format`:
 * - `iso`: slash dates are not dates;
 * - `us`: month/day; `dmy`: day/month;
 * - `auto` (the default): slash dates are month/day, as US brokers export them, after a look at
 *   the whole file: if any slash date can only be day/month (`13/01/2024`), the file is refused
 *   naming it, rather than read in one order or silently flipped to the other (a day/month file
 *   whose days are all ≤ 12 is indistinguishable from a US one, so day/month is never guessed).
 * Two-digit years follow luxon: 00–60 are 2000–2060, 61–99 are 1961–1999.
 */
import { DateTime } from 'luxon'
import { parseTradeDate } from '../../lib/dates.ts'

export const DATE_FORMATS = ['auto', 'iso', 'us', 'dmy'] as const
export type DateFormat = (typeof DATE_FORMATS)[number]

const FORMATS: Record<'us' | 'dmy', string[]> = {
  us: ['M/d/yyyy', 'M/d/yy'],
  dmy: ['d/M/yyyy', 'd/M/yy'],
}

function slashDate(cell: string, order: 'us' | 'dmy'): string | null {
  for (const f of FORMATS[order]) {
    const d = DateTime.fromFormat(cell, f, { zone: 'utc' })
    if (d.isValid) return d.toISODate()
  }
  return null
}

/** The cell as YYYY-MM-DD when it is a real date in this format (auto reads month/day), else null. */
export function readDate(cell: string, format: DateFormat): string | null {
  const text = cell.trim()
  const iso = parseTradeDate(text)
  if (iso || format === 'iso') return iso
  return slashDate(text, format === 'dmy' ? 'dmy' : 'us')
}

/**
 * For `auto`: the first slash date that month/day cannot read but day/month can (the file is
 * probably day/month), or undefined when month/day is a sound reading of the whole file.
 */
export function dayFirstEvidence<C extends { text: string }>(cells: Iterable<C>): C | undefined {
  for (const c of cells) {
    const text = c.text.trim()
    if (text.includes('/') && !slashDate(text, 'us') && slashDate(text, 'dmy')) return c
  }
  return undefined
}
