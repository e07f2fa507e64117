/**
 * Money on the wire is whole cents: a JSON number x is a cent amount when x × 100 rounds to an
 * integer k with k / 100 === x (the double nearest k / 100, what a cents-to-number conversion gives).
 * `moneyTails` walks an answer and lists the paths of money figures that are not: a float artefact
 * like 1000204.0999999999, or an amount carried at 4 decimals.
 */

export const isCents = (x: number): boolean => Math.round(x * 100) / 100 === x

/** Keys that carry USD amounts in the trading-intelligence answers. */
export const MONEY_KEY =
  /^(total|cash|gross_exposure|market_value|excess_value|(full_|excess_)?notional|annual_cost|daily_cost|at_risk|past_stop|total_at_risk|total_past_stop|final_equity|equity|initial_capital|amount|cost|proceeds|fees|pnl|gross_profit|gross_loss|avg_win|avg_loss|expectancy|value|move_value|unrealized_pl|realized_pl|day_pl|premium|notional_value)$/

/** The paths (a.b[2].c) of numbers under a money key that are not whole cents. */
export function moneyTails(
  body: unknown,
  isMoney: (key: string) => boolean = (k) => MONEY_KEY.test(k),
): string[] {
  const out: string[] = []
  const walk = (v: unknown, path: string, key: string | null) => {
    if (typeof v === 'number') {
      if (key !== null && isMoney(key) && !isCents(v)) out.push(`${path} = ${v}`)
    } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}[${i}]`, key))
    else if (v !== null && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) walk(x, path ? `${path}.${k}` : k, k)
  }
  walk(body, '', null)
  return out
}
