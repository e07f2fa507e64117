/** Small schema helpers shared by route tables. */
import { Type, type TSchema } from 'typebox'

/**
 * A nullable request field. Null comes first: with Ajv's type coercion (on for querystrings and
 * bodies), `[String, Null]` would turn a JSON null into "" before trying the null branch.
 */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([Type.Null(), schema])

/** A human-entered name: trimmed by the service, so it must hold something besides blanks. */
export const Name = (maxLength = 120) => Type.String({ minLength: 1, maxLength, pattern: '\\S' })

/** A 204 answer in the OpenAPI document. */
export const NoContent = (description: string) => Type.Null({ description })
