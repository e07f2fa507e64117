/**
 * A watchlist's figures from its members' facts. Pure: the service gathers quotes, 52-week highs
 * and sectors and hands them here.
 * - Day change of the list: the equal-weighted mean of the members' day change % (members
 *   without a quote are left out and counted in `members_priced`); null when none is priced.
 * - Best and worst: the members with the highest and lowest day change % (ties: ticker order).
 * - Sector mix: members per sector (null for funds and unclassified symbols), count and percent of
 *   the list, by count desc then sector name, null last.
 * - Distance from the 52-week high: (price / high − 1) × 100, the high being the highest daily
 *   high of the last 365 days (or the price, when it is above every bar).
 * Percentages are in percentage points rounded to 4 decimals.
 */

export interface MemberFacts {
  symbol: string
  sector: string | null
  price: number | null
  change_pct: number | null
  high_52w: number | null
}

export interface MemberFigures {
  symbol: string
  sector: string | null
  price: number | null
  change_pct: number | null
  high_52w: number | null
  dist_52w_high_pct: number | null
}

export interface SectorShare {
  sector: string | null
  count: number
  percent: number
}

export interface ListFigures {
  day_change_pct: number | null
  members_priced: number
  best: { symbol: string; change_pct: number } | null
  worst: { symbol: string; change_pct: number } | null
  sector_mix: SectorShare[]
  members: MemberFigures[]
}

export const round4 = (x: number) => Math.round(x * 1e4) / 1e4

/** The 52-week high: the highest of the bars' highs and the current price (null when neither). */
export function high52w(highs: readonly number[], price: number | null): number | null {
  let high = price ?? -Infinity
  for (const h of highs) if (h > high) high = h
  return Number.isFinite(high) && high > 0 ? high : null
}

const member = (m: MemberFacts): MemberFigures => ({
  ...m,
  dist_52w_high_pct:
    m.price !== null && m.high_52w !== null && m.high_52w > 0
      ? round4((m.price / m.high_52w - 1) * 100)
      : null,
})

function sectorMix(members: readonly MemberFacts[]): SectorShare[] {
  const counts = new Map<string | null, number>()
  for (const m of members) counts.set(m.sector, (counts.get(m.sector) ?? 0) + 1)
  return [...counts]
    .map(([sector, count]) => ({ sector, count, percent: round4((count / members.length) * 100) }))
    .sort(
      (a, b) =>
        b.count - a.count ||
        (a.sector === null
          ? 1
          : b.sector === null
            ? -1
            : a.sector < b.sector
              ? -1
              : a.sector > b.sector
                ? 1
                : 0),
    )
}

export function listFigures(members: readonly MemberFacts[]): ListFigures {
  const priced = members
    .filter((m): m is MemberFacts & { change_pct: number } => m.change_pct !== null)
    .sort((a, b) => b.change_pct - a.change_pct || (a.symbol < b.symbol ? -1 : 1))
  const mean = priced.length ? priced.reduce((s, m) => s + m.change_pct, 0) / priced.length : null
  const pick = (m: (typeof priced)[number] | undefined) =>
    m ? { symbol: m.symbol, change_pct: m.change_pct } : null
  const worst = [...priced].sort((a, b) => a.change_pct - b.change_pct || (a.symbol < b.symbol ? -1 : 1))[0]
  return {
    day_change_pct: mean === null ? null : round4(mean),
    members_priced: priced.length,
    best: pick(priced[0]),
    worst: pick(worst),
    sector_mix: sectorMix(members),
    members: members.map(member),
  }
}
