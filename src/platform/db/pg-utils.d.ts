// `pg` publishes lib/utils.js (its package exports `./lib/*`) without types; the one function used.
declare module 'pg/lib/utils.js' {
  /** How `pg` turns a parameter into its text form: Dates, arrays, Buffers, JSON, null. */
  export function prepareValue(value: unknown): string | Buffer | null
  const utils: { prepareValue: typeof prepareValue }
  export default utils
}
