/** When the end-of-day review job runs: EOD_REVIEW_AT ('HH:MM', New York) on weekdays, as cron. */
export function eodCron(at: string): string {
  const m = /^(\d{2}):(\d{2})$/.exec(at)
  if (!m) throw new RangeError(`EOD_REVIEW_AT must be HH:MM, got ${JSON.stringify(at)}`)
  return `${Number(m[2])} ${Number(m[1])} * * 1-5`
}
