/**
 * Small schema helpers shared by route tables. Request input goes through these (ADR 0012): every
 * id and integer is bounded (JavaScript numbers are exact to 2^53 − 1, a bigint column holds less
 * than 2^63, and a larger value must be a 422, never a database error), and every free-text string
 * refuses control characters (NUL, escapes; line breaks only in multi-line text).
 */
import { Type, type TSchema } from 'typebox'

/** The largest integer JavaScript (and so every id this service hands out) represents exactly. */
export const MAX_ID = Number.MAX_SAFE_INTEGER

/** Text on one line: no C0/C1 control characters (NUL, escape codes, tab, line breaks). */
export const SINGLE_LINE = '^[^\\u0000-\\u001f\\u007f-\\u009f]*$'
/** Text that may span lines: tab, LF and CR allowed, other control characters not. */
export const MULTI_LINE = '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f]*$'

/** One line holding something besides blanks. */
export const NOT_BLANK = '^(?!\\s*$)[^\\u0000-\\u001f\\u007f-\\u009f]*$'

type StringOptions = { minLength?: number; maxLength: number; description?: string; default?: string }
type IntegerOptions = { description?: string; default?: number; examples?: number[] }

/**
 * A nullable request field. Null comes first: with Ajv's type coercion (on for query strings and
 * path parameters), `[String, Null]` would turn a null into "" before trying the null branch.
 */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([Type.Null(), schema])

/** A row id: a whole number from 1 to 2^53 − 1. */
export const Id = (opts: IntegerOptions = {}) => Type.Integer({ minimum: 1, maximum: MAX_ID, ...opts })

/** Free text on one line (names, tokens, search terms): no control characters. */
export const Text = (opts: StringOptions) => Type.String({ pattern: SINGLE_LINE, ...opts })

/** Free text that may span lines (notes): tab and line breaks allowed, other control characters not. */
export const MultilineText = (opts: StringOptions) => Type.String({ pattern: MULTI_LINE, ...opts })

/** A human-entered name: trimmed by the service, so it must hold something besides blanks. */
export const Name = (maxLength = 120) =>
  Type.String({
    minLength: 1,
    maxLength,
    pattern: NOT_BLANK,
    errorMessage: { pattern: 'must not be blank' },
  })

/**
 * One price bar (OHLCV, volume-weighted average), the wire shape of every bar series. `vwapNote`
 * says where a missing vwap comes from (a live vendor or a stored replay).
 */
export const Bar = (vwapNote: string) =>
  Type.Object({
    time: Type.String({ format: 'date-time', description: 'Start of the bar' }),
    open: Type.Number(),
    high: Type.Number(),
    low: Type.Number(),
    close: Type.Number(),
    volume: Type.Number(),
    vwap: Type.Union([Type.Number(), Type.Null()], { description: vwapNote }),
  })

/** A 204 answer in the OpenAPI document. */
export const NoContent = (description: string) => Type.Null({ description })
