/** Column types shared by the row types of every `<domain>.tables.ts`, and the ownership list helper. */
import type { ColumnType } from 'kysely'

/** Set by the database on insert; never updated. */
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>
export type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>
/** `numeric` columns read as exact decimal strings (never floats). */
export type Numeric = ColumnType<string, string | number, string | number>
export type NullableNumeric = ColumnType<string | null, string | number | null, string | number | null>

/**
 * The list of tables a module (or provider) owns, checked against its row types: every table of
 * `Tables` named and none other, so the ownership test and the Kysely types cannot disagree.
 */
export const ownedTables = <Tables>(names: { [K in keyof Tables]: true }): readonly string[] =>
  Object.keys(names)
