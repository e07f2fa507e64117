/**
 * The demo seed's fixtures (`SEED_DEMO`, built in `src/app/demo-seed.ts`), written into the
 * portfolio's own tables in the caller's transaction. Rows name their account and investor by
 * position in `accounts` and `investors`; the ids are known only once those are inserted.
 */
import type { Insertable } from 'kysely'
import type { Database, TenantScope } from '../../platform/db/index.ts'

type Row<T extends keyof Database> = Omit<Insertable<Database[T]>, 'tenant_id' | 'account_id'>
/** A row of an account's, naming the account by its index in `DemoFixtures.accounts`. */
type OfAccount<T extends keyof Database> = Row<T> & { account: number }

export interface DemoFixtures {
  accounts: Row<'broker_account'>[]
  investors: Row<'investor'>[]
  flows: (Omit<OfAccount<'capital_flow'>, 'investor_id'> & { investor: number })[]
  trades: OfAccount<'realized_trade'>[]
  positions: OfAccount<'manual_position'>[]
  snapshots: OfAccount<'portfolio_snapshot'>[]
}

const CHUNK = 500

export async function insertDemoFixtures(scope: TenantScope, f: DemoFixtures): Promise<void> {
  const tenant_id = scope.tenantId
  // One row a statement: the ids must line up with the fixtures' indexes.
  const accountIds: number[] = []
  for (const a of f.accounts)
    accountIds.push(
      (
        await scope.db
          .insertInto('broker_account')
          .values({ ...a, tenant_id })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    )
  const investorIds: number[] = []
  for (const i of f.investors)
    investorIds.push(
      (
        await scope.db
          .insertInto('investor')
          .values({ ...i, tenant_id })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    )
  const idOf = (ids: number[], index: number, what: string) => {
    const id = ids[index]
    if (id === undefined) throw new Error(`demo fixtures: no ${what} #${index}`)
    return id
  }
  const linked = <R extends { account: number }>({ account, ...row }: R) => ({
    ...row,
    tenant_id,
    account_id: idOf(accountIds, account, 'account'),
  })
  if (f.flows.length)
    await scope.db
      .insertInto('capital_flow')
      .values(
        f.flows.map(({ investor, ...flow }) => ({
          ...linked(flow),
          investor_id: idOf(investorIds, investor, 'investor'),
        })),
      )
      .execute()
  for (let i = 0; i < f.trades.length; i += CHUNK)
    await scope.db
      .insertInto('realized_trade')
      .values(f.trades.slice(i, i + CHUNK).map(linked))
      .execute()
  if (f.positions.length)
    await scope.db.insertInto('manual_position').values(f.positions.map(linked)).execute()
  for (let i = 0; i < f.snapshots.length; i += CHUNK)
    await scope.db
      .insertInto('portfolio_snapshot')
      .values(f.snapshots.slice(i, i + CHUNK).map(linked))
      .execute()
}
