/** Calendar and instant arithmetic the pages share (charts take instants as seconds since the epoch). */

/** A calendar date (YYYY-MM-DD) moved by whole days: UTC arithmetic, no time zone shift. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** An ISO instant as whole seconds since the epoch, the time unit of both chart libraries. */
export const epochSeconds = (iso: string): number => Math.floor(Date.parse(iso) / 1000)
