/** The explicit, ordered list of migrations. Append only; never edit one that has shipped. */
import type { Migration } from 'kysely'
import * as m0001 from './0001_platform.ts'
import * as m0002 from './0002_identity.ts'
import * as m0003 from './0003_portfolio.ts'
import * as m0004 from './0004_intel.ts'
import * as m0005 from './0005_query_speed.ts'
import * as m0006 from './0006_free_feed.ts'
import * as m0007 from './0007_analytics_rollups.ts'
import * as m0008 from './0008_short_positions.ts'

export const migrations: ReadonlyArray<readonly [name: string, migration: Migration]> = [
  ['0001_platform', m0001],
  ['0002_identity', m0002],
  ['0003_portfolio', m0003],
  ['0004_intel', m0004],
  ['0005_query_speed', m0005],
  ['0006_free_feed', m0006],
  ['0007_analytics_rollups', m0007],
  ['0008_short_positions', m0008],
]
