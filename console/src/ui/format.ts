/**
 * Numbers and dates as a person reads them, in the browser's locale: money with its currency, signed
 * changes, percentages from ratios or from percent figures. The API sends money as decimal strings;
 * Intl formats those strings exactly (no float round trip).
 */
// Read through globalThis so the formats also load outside a browser (the unit tests run them in Node).
const locale = () => (globalThis as { navigator?: { language?: string } }).navigator?.language || 'en-US'

type Num = number | string | null | undefined

const isBlank = (v: Num): v is null | undefined | '' => v === null || v === undefined || v === ''
const asIntl = (v: number | string) => v as unknown as number // Intl.NumberFormat v3 takes decimal strings

export function money(v: Num, currency = 'USD', opts: Intl.NumberFormatOptions = {}): string {
  if (isBlank(v)) return '—'
  return new Intl.NumberFormat(locale(), { style: 'currency', currency, ...opts }).format(asIntl(v))
}

/**
 * A price as the API sent it, every decimal kept: a limit of 150.123456 is $150.123456, never rounded
 * to the cent as `money` would; whole cents still show two decimals ($60.50).
 */
export function price(v: Num, currency = 'USD'): string {
  if (isBlank(v)) return '—'
  const decimals = String(v).split('.')[1]?.length ?? 0
  return money(v, currency, { maximumFractionDigits: Math.max(2, Math.min(decimals, 20)) })
}

/** +1,234.50 $ / −12.00 $: a change, always signed. */
export function signedMoney(v: Num, currency = 'USD'): string {
  return money(v, currency, { signDisplay: 'exceptZero' })
}

export function num(v: Num, digits = 2): string {
  if (isBlank(v)) return '—'
  return new Intl.NumberFormat(locale(), { maximumFractionDigits: digits }).format(asIntl(v))
}

/** A ratio (0.125) as a percentage (12.5 %). */
export function pct(v: Num, digits = 2, signed = false): string {
  if (isBlank(v)) return '—'
  return new Intl.NumberFormat(locale(), {
    style: 'percent',
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
    signDisplay: signed ? 'exceptZero' : 'auto',
  }).format(Number(v))
}

/** A figure already in percent (12.5) as 12.5 %. */
export function pctPoints(v: Num, digits = 2, signed = false): string {
  return isBlank(v) ? '—' : pct(Number(v) / 100, digits, signed)
}

/** 'up' | 'down' | '' for colouring a change. */
export function trend(v: Num): string {
  if (isBlank(v)) return ''
  const n = Number(v)
  return n > 0 ? 'up' : n < 0 ? 'down' : ''
}

/** A calendar date (YYYY-MM-DD) as the locale writes it; never shifted by the time zone. */
export function date(iso: string | null | undefined): string {
  if (!iso) return '—'
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number)
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)),
  )
}

/** The time of day (HH:MM in the locale's own way) of an instant in milliseconds, in the user's time zone. */
export function clockTime(ms: number): string {
  return new Intl.DateTimeFormat(locale(), { hour: '2-digit', minute: '2-digit' }).format(new Date(ms))
}

/** An instant in the user's time zone, or in `timeZone` (an exchange's, e.g. America/New_York). */
export function dateTime(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return '—'
  // Intl refuses timeZoneName beside dateStyle/timeStyle: with a zone, the parts are named one by one.
  const options: Intl.DateTimeFormatOptions = timeZone
    ? {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone,
        timeZoneName: 'short',
      }
    : { dateStyle: 'medium', timeStyle: 'short' }
  return new Intl.DateTimeFormat(locale(), options).format(new Date(iso))
}
