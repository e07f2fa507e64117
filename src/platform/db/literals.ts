/**
 * Constant values written into a statement's text instead of bound as parameters. A partial index
 * (`… where status in ('pending', 'retrying')`) serves a query only when the planner can prove its
 * predicate from the query itself, and a cached generic plan sees a bound `$1` as any value at all:
 * with the statuses bound, a claim or a job's sweep reads every row the rest of its filter allows.
 * Only for fixed values of the code (statuses, kinds), never for anything a request supplies.
 */
import { sql, type RawBuilder } from 'kysely'

/** `'a', 'b'` as SQL literals, for `column in (…)`. */
const literals = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)))

/** `column in ('a', 'b')` with the values written into the text (`column` may be qualified). */
export const oneOf = (column: string, values: readonly string[]): RawBuilder<boolean> =>
  sql<boolean>`${sql.ref(column)} in (${literals(values)})`
