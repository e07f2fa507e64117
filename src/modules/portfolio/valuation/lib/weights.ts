/**
 * Weights in percent that add up to exactly 100: each value's share of the total, at `places`
 * decimals (4: hundredths of a basis point), rounded down, then the units left over go one each to
 * the largest remainders (the earlier item on a tie), as investor allocation apportions its cents.
 * Values may be negative (a short, an overdrawn cash balance): the floors are true floors, so the
 * remainders stay non-negative and the leftover is fewer units than there are items. With a total of
 * zero or less there is no meaningful share: every weight is null.
 */
export function percentWeights(values: readonly bigint[], places = 4): (number | null)[] {
  const total = values.reduce((a, b) => a + b, 0n)
  if (total <= 0n) return values.map(() => null)
  const whole = 100n * 10n ** BigInt(places)
  const shares = values.map((v, i) => {
    const n = v * whole
    let floor = n / total
    if (n % total !== 0n && n < 0n) floor -= 1n
    return { i, floor, rest: n - floor * total }
  })
  let left = whole - shares.reduce((a, s) => a + s.floor, 0n)
  const units = shares.map((s) => s.floor)
  const byRest = [...shares].sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1))
  for (const s of byRest) {
    if (left <= 0n) break
    units[s.i]! += 1n
    left -= 1n
  }
  return units.map((u) => unitsToNumber(u, places))
}

function unitsToNumber(u: bigint, places: number): number {
  const scale = 10n ** BigInt(places)
  const abs = u < 0n ? -u : u
  return Number(`${u < 0n ? '-' : ''}${abs / scale}.${String(abs % scale).padStart(places, '0')}`)
}
