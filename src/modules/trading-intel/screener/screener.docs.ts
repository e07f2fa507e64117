/** OpenAPI descriptions of the screener routes, built from the code's constants. */
import { DEFAULT_LIMIT, MAX_LIMIT, OPS } from './lib/spec.ts'
import { AS_OF_MAX_YEARS } from './snapshot.service.ts'

export const SPEC_DOC =
  'The screen spec (docs/screener.md): `{filters: {all|any: [ {field, op, value} | nested group ]}, sort: [{field, dir}], ' +
  `limit (default ${DEFAULT_LIMIT}, max ${MAX_LIMIT}), offset, columns, universe}\`. Operators: ${OPS.join(', ')} ` +
  '(crosses_* compare the previous and the current session). `value` is a literal, a number with a unit suffix ' +
  '("10B", "5%") or another field, optionally scaled (`{field: "sma_200", times: 1.05}`). Every comparison with a ' +
  'null is false (neq and not_in too); only is_null/not_null match nulls; sort puts nulls last, then symbol. ' +
  'An unknown field or operator, a value of the wrong type or unit → 422 naming it, with the closest field as a hint.'

export const RUN_DOC =
  `${SPEC_DOC} Each row carries the requested columns (\`values\`) and the values of every field its filters used ` +
  '(`why`). The snapshot is the latest session’s (rebuilt when the market has a newer session). Portfolio fields ' +
  '(held, correlation_to_portfolio, sector_weight_in_portfolio) and the signal fields (intraday_setup, ' +
  'options_flow, opportunity_score) are computed per request from the caller’s own holdings and stored signals. ' +
  `\`as_of\` (a past session, up to ${AS_OF_MAX_YEARS} years back): the snapshot of that day, from the bars up to it ` +
  '(intraday setup, options flow, opportunity and confluence are null: not known point-in-time), and each row’s ' +
  '`forward_returns` {d1, d5, d20} in percent from that session’s close, null where the later session does not ' +
  'exist yet. A provider failure of an optional source (earnings, dividends, confluence) leaves its fields null and ' +
  'lists it in `degraded_sources`.'

export const CSV_DOC =
  'The same screen as CSV (RFC 4180): a header row, then one record per row, every record ended with CRLF; a field ' +
  'holding a comma, a quote or a line break is quoted, quotes doubled. Columns: symbol, the requested columns, ' +
  '`why_<field>` for each filter field not among them and, with as_of, forward_d1, forward_d5, forward_d20. Empty = ' +
  'null. Sent as `text/csv; charset=utf-8`, an attachment named screen-<session>.csv.'

export const SAVED_DOC =
  'Saved screens are the caller’s own, per surface (the classic screener and the stock screener keep separate ' +
  'sets). The name is trimmed and unique per user and surface (409 `screener.name_taken`); the screen spec is validated ' +
  'as a run’s (422). The plan’s `saved_screens` limit counts the tenant’s screens on both surfaces (402 ' +
  '`plan.limit_reached`).'
