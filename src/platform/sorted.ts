/**
 * Binary search over a sorted array: the first index at which `before` stops holding, for a
 * predicate that holds for a prefix of the array and for nothing after it (C++'s partition_point).
 * `x < key` gives the lower bound of `key`, `x <= key` the upper bound.
 */
export function partitionPoint<T>(items: readonly T[], before: (item: T) => boolean): number {
  let lo = 0
  let hi = items.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (before(items[mid]!)) lo = mid + 1
    else hi = mid
  }
  return lo
}
