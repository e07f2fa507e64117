/**
 * Row types of the options-flow table. It joins `Database` (platform/db/schema.ts) by declaration
 * merging, so the platform's scopes type every query without the platform importing this layer.
 */
import type { Generated } from 'kysely'
import { type NullableNumeric, type Numeric, ownedTables } from '../../../platform/db/index.ts'

/** Tenant table (0014): one put/call reading per tenant, symbol and New York trading date. */
export interface OptionsFlowSignalTable {
  tenant_id: number
  id: Generated<number>
  symbol: string
  trading_date: string
  direction: string
  put_volume: Numeric
  call_volume: Numeric
  /** null when call volume is 0 (an infinite ratio). */
  put_call_ratio: NullableNumeric
  confidence: Numeric
  contracts: number
  expiration: string
  created_at: Date
  updated_at: Date
}

export interface OptionsFlowTables {
  options_flow_signal: OptionsFlowSignalTable
}

declare module '../../../platform/db/schema.ts' {
  interface Database extends OptionsFlowTables {}
}

export const OPTIONS_FLOW_TABLES = ownedTables<OptionsFlowTables>({ options_flow_signal: true })
