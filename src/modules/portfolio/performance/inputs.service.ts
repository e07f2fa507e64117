/**
 * The rows of the accounts in scope, read in one transaction and shaped for the series: each
 * account with its snapshots, activities and reported cash (in date order), whether its history
 * before the first snapshot is read back from its activities (broker accounts), its archive date
 * (New York) and its history start; and the capital flows in scope.
 */
import { nyDate } from '../../../kernel/calendar/nyse.ts'
import { toCents } from '../../../kernel/decimal/cents.ts'
import type { TenantScope } from '../../../platform/db/index.ts'
import type { FlowIn } from './lib/flows.ts'
import type { AccountIn } from './lib/series.ts'
import * as repo from './performance.repository.ts'

export interface Loaded {
  accounts: AccountIn[]
  flows: FlowIn[]
  /** Symbols held or traded, in any account in scope. */
  symbols: string[]
  /** Currencies of the cash, activities and flows in scope. */
  currencies: Set<string>
  /** The earliest history start or flow date in scope; null when there is nothing. */
  earliest: string | null
}

function groupBy<T extends { account_id: number }>(rows: readonly T[]): Map<number, T[]> {
  const out = new Map<number, T[]>()
  for (const r of rows) {
    const list = out.get(r.account_id)
    if (list) list.push(r)
    else out.set(r.account_id, [r])
  }
  return out
}

const min = (xs: (string | null | undefined)[]) =>
  xs.reduce<string | null>((m, x) => (x && (m === null || x < m) ? x : m), null)

export async function loadScope(s: TenantScope, accountIds: number[] | undefined): Promise<Loaded> {
  const rows = await repo.accounts(s, accountIds)
  const ids = rows.map((r) => r.id)
  const [opening, snaps, acts, cash, flowRows] = [
    new Map((await repo.openingDates(s, ids)).map((r) => [r.account_id!, r.date])),
    groupBy(await repo.snapshots(s, ids)),
    groupBy(await repo.activities(s, ids)),
    groupBy(await repo.cashBalances(s, ids)),
    await repo.flows(s, accountIds),
  ]
  const symbols = new Set<string>()
  const currencies = new Set<string>()
  const accounts = rows.map((a): AccountIn => {
    const snapshots = (snaps.get(a.id) ?? []).map((r) => ({ ...r, quantity: Number(r.quantity) }))
    const activities = (acts.get(a.id) ?? []).map((r) => ({ ...r, fee: r.fee ?? '0' }))
    const cashAnchors = (cash.get(a.id) ?? []).map((r) => ({ ...r, cents: toCents(r.balance) }))
    for (const x of snapshots) symbols.add(x.symbol)
    for (const x of activities) {
      if (x.symbol !== null) symbols.add(x.symbol)
      currencies.add(x.currency)
    }
    for (const x of cashAnchors) currencies.add(x.currency)
    return {
      id: a.id,
      readBack: a.broker_type !== 'manual',
      archivedOn: a.archived_at === null ? null : nyDate(a.archived_at),
      historyStart: opening.get(a.id) ?? activities[0]?.date ?? snapshots[0]?.date ?? null,
      snapshots,
      activities,
      cashAnchors,
    }
  })
  const flows = flowRows.map((f) => ({
    ...f,
    account_id: f.account_id === null ? null : Number(f.account_id),
  }))
  for (const f of flows) currencies.add(f.currency)
  const earliest = min([...accounts.map((a) => a.historyStart), flows[0]?.date])
  return { accounts, flows, symbols: [...symbols].sort(), currencies, earliest }
}
