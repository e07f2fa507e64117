/** A vendor JSON value read as an object: a plain object as sent, anything else as an empty one. */
export const objectOf = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
