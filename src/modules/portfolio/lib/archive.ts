/**
 * Archived accounts (closed, or a broker disconnected) leave every current figure and stay in the
 * history up to their archive date: an account counts on a day strictly before the New York date
 * it was archived on, and not from that day on. An account never archived always counts.
 */
export const countsOn = (archivedOn: string | null, date: string): boolean =>
  archivedOn === null || date < archivedOn
