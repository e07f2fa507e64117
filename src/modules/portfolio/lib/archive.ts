import { sql, type RawBuilder } from 'kysely'

/**
 * Archived accounts (closed, or a broker disconnected) leave every current figure and stay in the
 * history up to their archive date: an account counts on a day strictly before the New York date
 * it was archived on, and not from that day on. An account never archived always counts.
 */
export const countsOn = (archivedOn: string | null, date: string): boolean =>
  archivedOn === null || date < archivedOn

/** SQL: the New York date an account was archived on, from a reference to its `archived_at` (null: never). */
export const archivedOnSql = (archivedAt: string): RawBuilder<string | null> =>
  sql<string | null>`((${sql.ref(archivedAt)} at time zone 'America/New_York')::date)::text`

/**
 * SQL of `countsOn`: the account whose `archived_at` is referenced counts on `date` (a date
 * expression); with no date, now — only an account never archived (or reconnected) counts.
 */
export function countsOnSql(archivedAt: string, date?: RawBuilder<unknown> | string): RawBuilder<boolean> {
  const at = sql.ref(archivedAt)
  if (date === undefined) return sql<boolean>`${at} is null`
  const day = typeof date === 'string' ? sql`${date}::date` : date
  return sql<boolean>`(${at} is null or ${day} < (${at} at time zone 'America/New_York')::date)`
}
