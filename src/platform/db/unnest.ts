/**
 * Rows passed as one array per column and read back with `unnest`: the statement's text is the same
 * whatever the number of rows, so its name (statement-names.ts) is prepared once per session and then
 * only bound. A `values (…), (…)` list is a new text at every length, parsed and planned on every
 * call. `unnest(column, 'bigint').as('id')` in a `selectNoFrom` list gives one column of the derived
 * table; arrays of one length unnest side by side, row by row.
 */
import { sql, type RawBuilder } from 'kysely'

/** The PostgreSQL element types these arrays are sent as. */
export type ElementType = 'bigint' | 'integer' | 'text' | 'jsonb' | 'timestamptz'

export const unnest = <T>(values: readonly T[], type: ElementType): RawBuilder<T> =>
  sql<T>`unnest(${values}::${sql.raw(type)}[])`

/** `column = any($1::type[])`: one parameter for a list of any length. */
export const anyOf = <T>(values: readonly T[], type: ElementType): RawBuilder<T> =>
  sql<T>`any(${values}::${sql.raw(type)}[])`
