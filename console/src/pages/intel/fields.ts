/** Turning the intelligence forms' text fields into the API's values. */
/** "aapl, msft" → ['AAPL', 'MSFT']; undefined when blank. */
export function symbolList(text: string): string[] | undefined {
  const list = text
    .split(/[\s,]+/)
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean)
  return list.length ? list : undefined
}

/** A number field: undefined when blank, else Number(text) (NaN reaches the API, which names it). */
export function numberOrUndefined(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text)
}
