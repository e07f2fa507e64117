/**
 * The AUM ledger with archived accounts. Each row carries the New York date its account was archived
 * on (`archived_on`, null: never archived, or a flow of no account) and only rows dated before that
 * day exist (the repository leaves the others out). At a date, an account counts only when the date
 * is before its archive date (`countsOn`): its flows, holdings and realized P&L then add up as in
 * `ledgerPoints`, and from that day on none of it does — not even what was dated earlier. So a
 * point is the ledger of the accounts that count on its date: the history keeps an archived account
 * up to its archive date, and every figure from then on (today's too) is as if it had never been.
 */
import { countsOn } from '../../lib/archive.ts'
import { ledgerPoints, type FlowRow, type LedgerPoint, type RealizedRow, type SnapshotRow } from './ledger.ts'

interface Archived {
  archived_on: string | null
}

const ZERO: Omit<LedgerPoint, 'date'> = {
  capital: 0n,
  unrealized: 0n,
  marketValue: 0n,
  realizedYtd: 0n,
  allRealized: 0n,
  income: 0n,
  total: 0n,
  nav: 0n,
  impliedCash: 0n,
}

const add = (a: LedgerPoint, b: LedgerPoint): LedgerPoint => ({
  date: a.date,
  capital: a.capital + b.capital,
  unrealized: a.unrealized + b.unrealized,
  marketValue: a.marketValue + b.marketValue,
  realizedYtd: a.realizedYtd + b.realizedYtd,
  allRealized: a.allRealized + b.allRealized,
  income: a.income + b.income,
  total: a.total + b.total,
  nav: a.nav + b.nav,
  impliedCash: a.impliedCash + b.impliedCash,
})

/**
 * One point per date of `dates` (sorted): the sum, over the groups of accounts archived on the same
 * day (and the group never archived), of each group's ledger point, for the groups that count on
 * the date. `snaps` are running totals per group (carried forward within it).
 */
export function archivedLedgerPoints(
  dates: string[],
  flows: (FlowRow & Archived)[],
  snaps: (SnapshotRow & Archived)[],
  realized: (RealizedRow & Archived)[],
  income: (RealizedRow & Archived)[] = [],
): LedgerPoint[] {
  const groups = new Set<string | null>([null])
  for (const r of [...flows, ...snaps, ...realized, ...income]) groups.add(r.archived_on)
  const ledgers = [...groups].map((g) => ({
    archivedOn: g,
    points: ledgerPoints(
      dates,
      flows.filter((r) => r.archived_on === g),
      snaps.filter((r) => r.archived_on === g),
      realized.filter((r) => r.archived_on === g),
      income.filter((r) => r.archived_on === g),
    ),
  }))
  return dates.map((date, i) =>
    ledgers
      .filter((l) => countsOn(l.archivedOn, date))
      .reduce((sum, l) => add(sum, l.points[i]!), { date, ...ZERO }),
  )
}

/** The rows of accounts that count on `date` (today: those not archived), for figures of that date alone. */
export const countingOn = <T extends Archived>(rows: T[], date: string): T[] =>
  rows.filter((r) => countsOn(r.archived_on, date))
