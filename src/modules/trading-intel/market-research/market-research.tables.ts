/**
 * Row types of the research tables (0022): the run log's shape (platform/run-log's RunTable and
 * RunEventTable), merged into `Database`; research.repository.ts queries them.
 */
import { ownedTables } from '../../../platform/db/index.ts'
import type { RunEventTable, RunTable } from '../../../platform/run-log/run-store.ts'

export interface MarketResearchTables {
  research_run: RunTable
  research_run_event: RunEventTable
}

declare module '../../../platform/db/schema.ts' {
  interface Database extends MarketResearchTables {}
}

export const MARKET_RESEARCH_TABLES = ownedTables<MarketResearchTables>({
  research_run: true,
  research_run_event: true,
})
