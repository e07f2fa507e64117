/** Bounded concurrency for fan-out over many items (one provider call per symbol, …). */

/** `f` over every item with at most `limit` calls in flight; results in the items' order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  f: (item: T) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      out[i] = await f(items[i]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return out
}
