/**
 * Row types of the research tables (0022): the run log's shape (committee's RunTable and
 * RunEventTable), merged into `Database`.
 */
import { ownedTables } from '../../../platform/db/index.ts'
import type { RunEventTable, RunTable } from '../committee/index.ts'

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
