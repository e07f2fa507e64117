/** The global inverse-fund table (seeded by 0017), read in a global scope. */
import type { Selectable } from 'kysely'
import type { Scopes } from '../../../platform/db/index.ts'
import type { InverseFundTable } from './risk.tables.ts'

export type InverseFundRow = Selectable<InverseFundTable>

/** Every fund, −1× first within an index, then ticker. */
export function inverseFunds(scopes: Scopes): Promise<InverseFundRow[]> {
  return scopes.withGlobal((db) =>
    db
      .selectFrom('inverse_fund')
      .selectAll()
      .orderBy('index_key')
      .orderBy('daily_leverage', 'desc')
      .orderBy('ticker')
      .execute(),
  )
}
