/** The notification text of a firing, from its type, parameters and values (one line each). */
type Values = Record<string, unknown>
type Params = Record<string, unknown>

const str = (v: unknown) => (Array.isArray(v) ? v.join(', ') : String(v))

const TITLES: Record<string, (p: Params, v: Values) => string> = {
  price_above: (p, v) => `${str(p.symbol)} at ${str(v.price)} (at or above ${str(p.threshold)})`,
  price_below: (p, v) => `${str(p.symbol)} at ${str(v.price)} (at or below ${str(p.threshold)})`,
  percent_move: (p, v) =>
    `${str(p.symbol)} moved ${str(v.change_pct)} % today (alert at ${str(p.percent)} %)`,
  watchlist_move: (p, v) =>
    `Watchlist "${str(p.list_name)}": ${str(v.movers)} moved ${str(p.percent)} % or more`,
  intraday_signal: (_p, v) =>
    `${str(v.symbol)}: ${str(v.setup)} ${str(v.direction)} signal at ${str(v.price)}`,
  options_flow: (_p, v) => `${str(v.symbol)}: ${str(v.direction)} options flow`,
  earnings_upcoming: (_p, v) => `${str(v.symbol)} reports earnings on ${str(v.date)}`,
  insider_purchase: (_p, v) =>
    `${str(v.symbol)}: insider purchase of $${str(v.value)} by ${str(v.insider_name)}`,
  drawdown_breach: (p, v) =>
    `Portfolio down ${str(v.drawdown_pct)} % from its peak (alert at ${str(p.percent)} %)`,
  screen_membership: (_p, v) => {
    const parts = [
      ...(Array.isArray(v.gained) && v.gained.length ? [`entered: ${str(v.gained)}`] : []),
      ...(Array.isArray(v.lost) && v.lost.length ? [`left: ${str(v.lost)}`] : []),
    ]
    return `Screen "${str(v.screen_name)}": ${parts.join('; ')}`
  },
}

export function messageOf(type: string, params: Params, values: Values): { title: string; body: string } {
  const title = (TITLES[type] ?? (() => `Alert ${type}`))(params, values)
  return { title, body: `${title}. Why: ${type} with ${JSON.stringify(params)}.` }
}
